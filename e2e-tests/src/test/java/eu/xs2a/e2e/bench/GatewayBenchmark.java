package eu.xs2a.e2e.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import eu.xs2a.e2e.support.Repository;
import eu.xs2a.e2e.support.Stack;
import eu.xs2a.security.client.RequestSigner;
import eu.xs2a.security.tpp.Role;
import eu.xs2a.testsupport.ServiceProcess;
import eu.xs2a.testsupport.TestPki;
import eu.xs2a.testsupport.TestTpp;
import eu.xs2a.tpp.sca.SandboxPsu;
import java.io.PrintWriter;
import java.io.Writer;
import java.net.ConnectException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * bin/bench: how fast and how lean the gateway is, measured against its floors in one run on this machine.
 * Starts the stack as bin/run does (jars, nginx from the route table) on its own databases, prepares a TPP, a consent
 * approved at the sandbox bank and fetched accounts, then replays pre-signed requests with wrk. Never part of bin/test
 * (Maven profile {@code bench} of e2e-tests). Durations: -Dbench.seconds (15), -Dbench.warmup (90),
 * -Dbench.settle-max (300), -Dbench.connections (32); -Dbench.starts (3): starts per service for its start-up time.
 */
class GatewayBenchmark {

    private static final int SECONDS = Integer.getInteger("bench.seconds", 15);
    private static final int WARM_UP = Integer.getInteger("bench.warmup", 90);
    /**
     * After the warm-up, each path is loaded on in rounds of this length until the JIT compilers have settled: on
     * two cores they were still taking a third of consent-service's CPU 90 s into a consent-creation load, and
     * about half of each creation's measured CPU went away once they had finished (bench/README.md, "Warm-up").
     */
    private static final int SETTLE_ROUND_SECONDS = 20;
    /**
     * Settled: the JIT compiler threads used less than this share of the stack's CPU in this many rounds in a row.
     * They work in bursts (C2 takes a second or more over a large method), so one quiet round is not enough.
     */
    private static final double SETTLED_JIT_SHARE = 0.05;
    private static final int SETTLED_ROUNDS = 2;
    /** The most settling rounds may add to a path's warm-up; the report shows the share the JIT still took. */
    private static final int SETTLE_MAX = Integer.getInteger("bench.settle-max", 300);
    /** Requests per second of warm-up signed beforehand (see {@link #warmUp}). */
    private static final int WARM_UP_RATE = 1_500;
    /** Right before each measurement, after every workload's warm-up. */
    private static final int PRE_ROLL_SECONDS = 3;
    /** Refused requests never run out: the same few are replayed. */
    private static final int TAMPERED_REQUESTS = 2_000;
    private static final int CONNECTIONS = Integer.getInteger("bench.connections", 32);
    /** Each service is started this many times for its start-up time, which is reported as the median. */
    private static final int STARTS = Integer.getInteger("bench.starts", 3);
    /** The stack counts as idle when all its processes use less than this share of one core over a window. */
    private static final double IDLE_SHARE_OF_A_CORE = 0.05;
    private static final Duration IDLE_WINDOW = Duration.ofMillis(500);
    private static final Duration IDLE_TIMEOUT = Duration.ofSeconds(30);
    /** Comma-separated workload names to run (default: all); for working on one path, not for the published report. */
    private static final Set<String> ONLY = Set.of(System.getProperty("bench.only", "").split(","));
    /** xs2a-security's JMH result, which bin/bench writes before it starts this benchmark ({@link PipelineBenchmark}). */
    private static final Path PIPELINE_RESULT = System.getProperty("bench.jmh") == null ? null
            : Path.of(System.getProperty("bench.jmh"));
    static final String P = "/sandbox/api/berlingroup";
    private static final String POSTGRESQL = Report.POSTGRESQL;
    static final String REDIRECT = "https://tpp.example/bench/cb";
    private static final List<String> GATEWAY = List.of("registration-service", "consent-service", "account-service", "payment-service");
    /** Every Java process of the stack: the gateway's services and the sandbox bank. */
    private static final List<String> SERVICES = List.of("aspsp-sandbox", "registration-service", "consent-service",
            "account-service", "payment-service");

    private final Path root = Repository.root();
    private final Path work = root.resolve("e2e-tests/target/bench");
    private final Report report = new Report();
    private Stack stack;
    /** The stack's PostgreSQL server, found from a backend of its own (not every PostgreSQL of the machine). */
    private PostgresProcesses postgres;
    private TestTpp tpp;
    private GatewayClient client;
    private Wrk wrk;

    @Test
    void measure() throws Exception {
        Files.createDirectories(work);
        report.fact("date", Report.now());
        report.fact("machine", Runtime.getRuntime().availableProcessors() + " cores, "
                + System.getProperty("os.name") + " " + System.getProperty("os.arch") + ", Java " + Runtime.version()
                + ", services in JVM mode (" + ServiceProcess.jvmOptions(root) + ")");
        report.fact("load", "wrk, " + Wrk.THREADS + " threads, " + CONNECTIONS + " connections; the workloads of one path "
                + "each warmed up " + WARM_UP + " s, then the path loaded on in rounds of " + SETTLE_ROUND_SECONDS
                + " s until the JIT compilers used under " + Math.round(SETTLED_JIT_SHARE * 100) + "% of the stack's CPU in "
                + SETTLED_ROUNDS + " rounds in a row "
                + "(at most " + SETTLE_MAX + " s more), then each measured " + SECONDS + " s after a " + PRE_ROLL_SECONDS
                + " s pre-roll; requests signed before each run");
        report.fact("start-up", "each service restarted " + STARTS + " times alone on the idle stack (once the whole stack "
                + "uses under 5% of a core), before any load; process start → first "
                + "2xx to a signed request sent straight to it; a service without a trained class-data archive of its "
                + "current build records one in its first run (its start and the preparation's requests) and starts "
                + "with it here");

        stack = Stack.start("xs2a_bench_", GatewayBenchmark::environment, true);
        postgres = PostgresProcesses.of(stack.databaseUrl("consent"));
        wrk = new Wrk(root.resolve("bench/replay.lua"), work);
        tpp = sandboxTpp();
        client = new GatewayClient(tpp.signer());
        Prepared data = prepare(stack, client);
        RealisticTraffic realistic = skipped("aggregator-reads") && skipped("realistic-mix") ? null
                : RealisticTraffic.prepare(stack.baseUrl(), sandboxPki(stack.keys()));
        boolean autovacuum = stack.vacuumAnalyze();
        String vacuumed = "autovacuum " + (autovacuum ? "on" : "off") + " on this server; the stack's databases"
                + " vacuumed and analysed after the preparation, before each path's warm-up and before its measurements,"
                + " as autovacuum keeps a live server's";
        report.fact("PostgreSQL", vacuumed);
        System.out.println("PostgreSQL: " + vacuumed);
        startWithTrainedArchives();
        // Start-up is timed on the idle stack, one service at a time, before any load: after the creates, their
        // background work (forwarding, status polling) would be timed as well.
        Map<String, Report.StartUp> firstAnswer = skipped("start-up") ? Map.of() : firstSignedAnswers(data);
        Thread.sleep(2000);
        Map<String, Double> idleRss = rss();

        String ingress = stack.baseUrl();
        Map<String, String> balancesHeaders = Map.of("Consent-Id", data.consentId(), "PSU-IP-Address", "192.0.2.10");
        String balances = P + "/v1/accounts/" + data.accountId() + "/balances";
        List<Load> loads = new ArrayList<>(List.of(
                signed("balances-ingress", "signed GET balances, PSU present, through nginx", ingress, "GET", balances,
                        balancesHeaders, null, 200, false),
                signed("balances-direct", "the same, straight to account-service", stack.serviceUrl("account-service"),
                        "GET", balances, balancesHeaders, null, 200, false),
                signed("consent-create", "POST /v1/consents (registered at the bank)", ingress, "POST", P + "/v1/consents",
                        Map.of("TPP-Redirect-Preferred", "true", "TPP-Redirect-URI", REDIRECT), consentBody(), 201, false),
                signed("payment-initiate", "POST /v1/payments/sepa-credit-transfers (submitted to the bank)", ingress,
                        "POST", P + "/v1/payments/sepa-credit-transfers",
                        Map.of("PSU-IP-Address", "192.0.2.10", "TPP-Redirect-URI", REDIRECT), paymentBody(data.iban()), 201, false),
                signed("rejected-signature", "GET balances with a signature that does not verify (401)", ingress, "GET",
                        balances, balancesHeaders, null, 401, true)));
        if (realistic != null) {
            // the aggregators' reads right after the other reads; the mix, with its creations, last
            loads.add(2, mixed("aggregator-reads", RealisticTraffic.TPPS + " TPPs polling " + RealisticTraffic.CONSENTS
                    + " consents, PSU absent: accounts, then balances and transactions of each", ingress, realistic::reads));
            loads.add(mixed("realistic-mix", RealisticTraffic.mix(), ingress, realistic::mix));
        }
        loads = loads                .stream().filter(load -> !skipped(load.name())).toList();
        // Workloads that share a path (the two balances reads) are all warmed up before either is measured: the JIT
        // needs a minute or more of load on this machine, and a measurement right after its own short warm-up
        // still paid for compiling, which a service running for hours does not. Paths are measured one after the
        // other, reads first, so that the background work of the consents and payments the creates leave behind
        // (forwarding, status polling) does not land in the reads' figures.
        Map<String, List<Load>> byPath = new LinkedHashMap<>();
        loads.forEach(load -> byPath.computeIfAbsent(load.group(), group -> new ArrayList<>()).add(load));
        for (List<Load> sharingAPath : byPath.values()) {
            stack.vacuumAnalyze(); // the dead rows of the path before (creations update their rows) are gone by now
            Map<String, Double> warmRates = new LinkedHashMap<>();
            for (Load load : sharingAPath) {
                warmRates.put(load.name(), warmUp(load));
            }
            Load first = sharingAPath.get(0);
            int warmedUp = WARM_UP + settle(first, warmRates.get(first.name()));
            // statistics of the tables the warm-up filled (a day's access counts, the claims): a table analysed while
            // nearly empty is planned with a sequential scan, which autoanalyze would long have corrected
            stack.vacuumAnalyze();
            for (Load load : sharingAPath) {
                measure(load, warmRates.get(load.name()), warmedUp);
            }
        }
        measureStaticFloor(ingress);
        if (!ONLY.contains("")) {
            Map<String, Double> after = rss();
            StringBuilder memory = new StringBuilder();
            idleRss.forEach((module, mib) -> memory.append(String.format(Locale.ROOT, "RSS %s: %.0f MiB idle, %.0f MiB after%n",
                    module, mib, after.get(module))));
            firstAnswer.forEach((module, startUp) -> memory.append(String.format(Locale.ROOT,
                    "first signed answer %s: %s ms%n", module, startUp)));
            System.out.println(report.console() + report.speedNote() + memory
                    + "(a partial run, -Dbench.only: no floors, targets or report written)");
            return;
        }
        JdkFloors.Floors floors = JdkFloors.measure();
        report.floors(floors);
        Optional<PipelineBenchmark.Result> pipeline = PipelineBenchmark.read(PIPELINE_RESULT);
        pipeline.ifPresent(report::pipeline);

        Map<String, Double> afterRss = rss();
        for (String module : SERVICES) {
            report.add(new Report.Service(module, idleRss.get(module), afterRss.get(module),
                    firstAnswer.getOrDefault(module, Report.StartUp.NONE)));
        }
        targets(floors, pipeline, afterRss, firstAnswer);
        report.write(root.resolve("bench/results"));
        System.out.println(report.console());
        System.out.println("Report: bench/results/latest.md and bench/results/latest.png");
    }

    record Prepared(String consentId, String accountId, String iban, String paymentId) {
    }

    /**
     * What the services get besides the usual: the sandbox provider's daily limit of unattended reads raised, since the
     * aggregators replay in minutes what days of polling would send; every read is still counted against it.
     */
    static Map<String, String> environment(String module, String bankUrl) {
        return "consent-service".equals(module) ? Map.of("PSD2_PROVIDERS_SANDBOX_MAX_FREQUENCY_PER_DAY", "1000000") : Map.of();
    }

    /** A TPP with every role, its QSEAL issued by the stack's sandbox CA (as the sandbox self-service would). */
    private TestTpp sandboxTpp() throws Exception {
        return sandboxTpp(stack.keys());
    }

    static TestTpp sandboxTpp(Path keys) throws Exception {
        return sandboxPki(keys).tpp("PSDDE-BENCH-000001", "Bench TPP", Role.PSP_AI, Role.PSP_PI, Role.PSP_IC);
    }

    /** The stack's sandbox CA, which issues the bench's QSEALs as the sandbox self-service would. */
    static TestPki sandboxPki(Path keys) throws Exception {
        X509Certificate ca;
        try (var in = Files.newInputStream(keys.resolve("sandbox-ca.pem"))) {
            ca = (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
        }
        String pem = Files.readString(keys.resolve("sandbox-ca.key")).replaceAll("-----[A-Z ]+-----", "").replaceAll("\\s", "");
        PrivateKey caKey = KeyFactory.getInstance("RSA").generatePrivate(new PKCS8EncodedKeySpec(Base64.getDecoder().decode(pem)));
        return TestPki.of(ca, caKey);
    }

    /** Registers the TPP, gets an AIS consent approved by psu1 at the bank, fetches the accounts, makes one payment. */
    static Prepared prepare(Stack stack, GatewayClient client) throws Exception {
        String ingress = stack.baseUrl();
        client.expect(200, ingress, "POST", "/api/berlingroup/v1/tpp/register", Map.of(), """
                {"company":{"name":"Bench TPP","email":"bench@tpp.example","address":"1 Bench Street","phone_number":"+49 30 1234",
                 "zip_code":"10115","city":"Berlin"},"representative":{"name":"Bea Bench","email":"bea@tpp.example"},
                 "certificate":{"name":"bench qseal","type":"qseal"}}""");
        JsonNode consent = client.expect(201, ingress, "POST", P + "/v1/consents",
                Map.of("TPP-Redirect-Preferred", "true", "TPP-Redirect-URI", REDIRECT), consentBody());
        String consentId = consent.get("consentId").asText();
        SandboxPsu psu = new SandboxPsu(Duration.ofSeconds(20), new PrintWriter(Writer.nullWriter()));
        psu.authorise(consent.at("/_links/scaRedirect/href").asText(), new SandboxPsu.Choices("psu1", "sandbox", "123456", true, null));
        JsonNode status = client.expect(200, ingress, "GET", P + "/v1/consents/" + consentId + "/status", Map.of(), null);
        assertEquals("valid", status.get("consentStatus").asText(), "the bench consent must be valid after SCA");
        JsonNode accounts = client.expect(200, ingress, "GET", P + "/v1/accounts",
                Map.of("Consent-Id", consentId, "PSU-IP-Address", "192.0.2.10"), null);
        JsonNode account = accounts.at("/accounts/0");
        JsonNode payment = client.expect(201, ingress, "POST", P + "/v1/payments/sepa-credit-transfers",
                Map.of("PSU-IP-Address", "192.0.2.10", "TPP-Redirect-URI", REDIRECT), paymentBody(account.get("iban").asText()));
        return new Prepared(consentId, account.get("resourceId").asText(), account.get("iban").asText(),
                payment.get("paymentId").asText());
    }

    /**
     * One workload: what wrk replays, where, and the status every answer must have ({@link Wrk#PER_LINE}: each request
     * its own). Workloads of one group share a path and are warmed up together; a mixed one is its own group, and its
     * latency is also read by endpoint class.
     */
    private record Load(String name, String description, String baseUrl, String group, int expected, boolean mixed,
                        RequestSource source) {

        Path sign(Path dir, String suffix, int count) {
            return source.write(dir.resolve(name + suffix + ".req"), count);
        }
    }

    /** Writes a file of {@code count} signed requests for bench/replay.lua. */
    @FunctionalInterface
    private interface RequestSource {
        Path write(Path file, int count);
    }

    /** A workload of one request, signed anew for each line by the bench's TPP; a tampered one is replayed as is. */
    private Load signed(String name, String description, String baseUrl, String method, String path,
                        Map<String, String> headers, String body, int expected, boolean tamper) {
        return new Load(name, description, baseUrl, path + (tamper ? " (refused)" : ""), expected, false,
                (file, count) -> SignedRequestFile.write(file, tpp.signer(), method, path, headers, body,
                        tamper ? TAMPERED_REQUESTS : count, tamper));
    }

    private static Load mixed(String name, String description, String baseUrl,
                              java.util.function.IntFunction<List<SignedRequestFile.Line>> lines) {
        return new Load(name, description, baseUrl, name, Wrk.PER_LINE, true,
                (file, count) -> SignedRequestFile.writeMixed(file, lines.apply(count)));
    }

    /**
     * Runs the workload for the warm-up time and answers its rate. The file holds at most {@link #WARM_UP_RATE}
     * requests per second of warm-up (signing is the slow part of preparing): a faster server then gets replays,
     * which are refused, and only the warm-up is affected.
     */
    private double warmUp(Load load) throws Exception {
        Path file = load.sign(work, "-warmup", WARM_UP_RATE * WARM_UP);
        return wrk.run(load.baseUrl(), file, load.expected(), CONNECTIONS, WARM_UP).requestsPerSecond();
    }

    /**
     * Loads on the workload in rounds until the JIT compilers use under {@link #SETTLED_JIT_SHARE} of the stack's CPU
     * in {@link #SETTLED_ROUNDS} rounds in a row or {@link #SETTLE_MAX} seconds have passed, and answers the seconds
     * it added. Each round has requests of its own, signed before it at the rate of the round before, with room to
     * spare.
     */
    private int settle(Load load, double rate) throws Exception {
        int seconds = 0;
        int quietRounds = 0;
        while (seconds < SETTLE_MAX && quietRounds < SETTLED_ROUNDS) {
            Path file = load.sign(work, "-settle", (int) Math.max(2_000, rate * SETTLE_ROUND_SECONDS * 1.5));
            List<Long> pids = stackPids();
            long cpuBefore = ProcStats.cpuMicros(pids);
            long jitBefore = ProcStats.jitCpuMicros(pids);
            rate = wrk.run(load.baseUrl(), file, load.expected(), CONNECTIONS, SETTLE_ROUND_SECONDS).requestsPerSecond();
            seconds += SETTLE_ROUND_SECONDS;
            double jitShare = share(ProcStats.jitCpuMicros(pids) - jitBefore, ProcStats.cpuMicros(pids) - cpuBefore);
            System.out.printf(Locale.ROOT, "%s: %d s after the warm-up, %.0f req/s, JIT compilers %.1f%% of the stack's CPU%n",
                    load.name(), seconds, rate, jitShare * 100);
            quietRounds = jitShare < SETTLED_JIT_SHARE ? quietRounds + 1 : 0;
        }
        return seconds;
    }

    private List<Long> stackPids() {
        List<Long> pids = new ArrayList<>();
        stack.pidsByPart().values().forEach(pids::addAll);
        return pids;
    }

    private static double share(long part, long whole) {
        return whole <= 0 ? 0 : (double) part / whole;
    }

    /**
     * A short pre-roll gives the rate after the warm-up of every workload; the measured file is sized from it with
     * room to spare, because a request replayed after the file runs out is refused and counts as an error.
     */
    private void measure(Load load, double warmRate, int warmedUpSeconds) throws Exception {
        Path probe = load.sign(work, "-preroll", (int) Math.max(2_000, warmRate * PRE_ROLL_SECONDS * 3));
        double rate = wrk.run(load.baseUrl(), probe, load.expected(), CONNECTIONS, PRE_ROLL_SECONDS).requestsPerSecond();
        Path measured = load.sign(work, "", (int) Math.max(10_000, Math.max(rate, warmRate) * SECONDS * 2));
        double machine = machineSpeed();
        Map<String, Long> cpuBefore = cpuByPart();
        long jitBefore = ProcStats.jitCpuMicros(stackPids());
        MachineStalls stalls = MachineStalls.watch(work, SECONDS);
        long logMark = EndpointLatencies.mark(stack.ingressAccessLog());
        Wrk.Result result = wrk.run(load.baseUrl(), measured, load.expected(), CONNECTIONS, SECONDS);
        report.add(workload(load.name(), load.description(), result, cpuBefore, jitBefore, machine, stalls.result(),
                warmedUpSeconds));
        if (load.mixed()) {
            EndpointLatencies.since(stack.ingressAccessLog(), logMark, load.name()).forEach(report::add);
        }
    }

    private static boolean skipped(String workload) {
        return !ONLY.contains("") && !ONLY.contains(workload);
    }

    private void measureStaticFloor(String ingress) throws Exception {
        if (skipped(Report.STATIC_FLOOR)) {
            return;
        }
        Path file = work.resolve("static.req");
        Files.writeString(file, "CONST\nGET\t/bench/static.json\t\n");
        wrk.run(ingress, file, 200, CONNECTIONS, PRE_ROLL_SECONDS);
        double machine = machineSpeed();
        Map<String, Long> cpuBefore = cpuByPart();
        long jitBefore = ProcStats.jitCpuMicros(stackPids());
        MachineStalls stalls = MachineStalls.watch(work, SECONDS);
        Wrk.Result result = wrk.run(ingress, file, 200, CONNECTIONS, SECONDS);
        report.add(workload(Report.STATIC_FLOOR, "nginx serving a static JSON file (floor)", result, cpuBefore, jitBefore,
                machine, stalls.result(), PRE_ROLL_SECONDS));
    }

    /** One thread's RSA-2048 verifications per second on the idle stack: the machine's speed right now. */
    private double machineSpeed() throws Exception {
        awaitIdleStack();
        return JdkFloors.probeRsaVerifiesPerSecond();
    }

    /** CPU time so far of each part of the stack, and of PostgreSQL. */
    private Map<String, Long> cpuByPart() {
        Map<String, Long> cpu = new LinkedHashMap<>();
        stack.pidsByPart().forEach((part, pids) -> cpu.put(part, ProcStats.cpuMicros(pids)));
        cpu.put(POSTGRESQL, ProcStats.cpuMicros(postgres.all()));
        return cpu;
    }

    /**
     * A measured workload: its server CPU per request is the stack's (every part but PostgreSQL), from /proc, and the
     * share of it that the JIT compilers took.
     */
    private Report.Workload workload(String name, String description, Wrk.Result result, Map<String, Long> cpuBefore,
                                     long jitBefore, double rsaVerifiesPerSecond, MachineStalls.Result stalls,
                                     int warmedUpSeconds) {
        Map<String, Long> perRequest = new LinkedHashMap<>();
        long requests = Math.max(1, result.requests());
        long total = 0;
        for (Map.Entry<String, Long> after : cpuByPart().entrySet()) {
            long used = after.getValue() - cpuBefore.getOrDefault(after.getKey(), 0L);
            perRequest.put(after.getKey(), used / requests);
            total += POSTGRESQL.equals(after.getKey()) ? 0 : used;
        }
        double jitShare = share(ProcStats.jitCpuMicros(stackPids()) - jitBefore, total);
        return new Report.Workload(name, description, result, result.requests() == 0 ? -1 : total / requests, perRequest,
                rsaVerifiesPerSecond, jitShare, stalls, warmedUpSeconds);
    }

    private Map<String, Double> rss() {
        Map<String, Double> rss = new LinkedHashMap<>();
        for (String module : SERVICES) {
            rss.put(module, ProcStats.rssMiB(stack.process(module).pid()));
        }
        return rss;
    }

    /**
     * Restarts every process that recorded its class-data archive during the preparation, so that it starts with it.
     * When bin/bench has rebuilt the jars (its sources changed), the previous archives are stale, so without this the
     * workloads of a run with no start-up measurement (and the sandbox bank's share in every run) would be measured on
     * JVMs still in their training run, not as bin/run starts them.
     */
    private void startWithTrainedArchives() {
        for (String module : SERVICES) {
            if (stack.process(module).recordsClassDataArchive()) {
                stack.restart(module).awaitReady();
            }
        }
        Map<String, String> archives = new LinkedHashMap<>();
        for (String module : SERVICES) {
            archives.put(module, stack.process(module).classDataArchive());
        }
        report.fact("class-data archives under load", archives.toString());
        System.out.println("class-data archives under load: " + archives);
    }

    /**
     * Restarts each gateway service {@link #STARTS} times and times process start → first 2xx to a signed request sent
     * straight to it.
     */
    private Map<String, Report.StartUp> firstSignedAnswers(Prepared data) throws Exception {
        Map<String, Report.StartUp> result = new LinkedHashMap<>();
        Map<String, String[]> probes = Map.of(
                "registration-service", new String[] {"/api/berlingroup/v1/tpp", null},
                "consent-service", new String[] {P + "/v1/consents/" + data.consentId() + "/status", null},
                "account-service", new String[] {P + "/v1/accounts/" + data.accountId() + "/balances", data.consentId()},
                "payment-service", new String[] {P + "/v1/payments/sepa-credit-transfers/" + data.paymentId() + "/status", null});
        Map<String, String> archives = new LinkedHashMap<>();
        String speed = String.format(Locale.ROOT, "%.0f RSA-2048 verifies/s in one thread", machineSpeed());
        report.fact("machine speed before the start-up measurements", speed);
        System.out.println("machine speed before the start-up measurements: " + speed);
        for (String module : GATEWAY) {
            String[] probe = probes.get(module);
            Map<String, String> headers = probe[1] == null ? Map.of() : Map.of("Consent-Id", probe[1], "PSU-IP-Address", "192.0.2.10");
            List<Long> millis = new ArrayList<>();
            for (int start = 0; start < STARTS; start++) {
                awaitIdleStack();
                ServiceProcess service = stack.restart(module);
                archives.put(module, service.classDataArchive());
                millis.add(firstSignedAnswer(service, probe[0], headers));
                service.awaitReady();
            }
            result.put(module, new Report.StartUp(List.copyOf(millis)));
        }
        report.fact("start-up class-data archives", archives.toString());
        System.out.println("start-up class-data archives: " + archives);
        return result;
    }

    /** Milliseconds from the process start to its first 200 to the probe, or -1 if none came within 60 s. */
    private long firstSignedAnswer(ServiceProcess service, String path, Map<String, String> headers) throws Exception {
        Instant deadline = service.startedAt().plusSeconds(60);
        while (Instant.now().isBefore(deadline)) {
            try {
                if (client.send(service.baseUrl(), "GET", path, headers, null).status() == 200) {
                    return Duration.between(service.startedAt(), Instant.now()).toMillis();
                }
            } catch (ConnectException e) {
                // not listening yet
            }
            Thread.sleep(10);
        }
        return -1;
    }

    /**
     * Waits until the stack is idle: a JVM keeps compiling for some seconds after its first answers, and on two cores
     * the next service's start would be timed against that work rather than on an idle stack.
     */
    private void awaitIdleStack() throws InterruptedException {
        List<Long> pids = new ArrayList<>(postgres.all());
        pids.addAll(stackPids());
        Instant deadline = Instant.now().plus(IDLE_TIMEOUT);
        while (Instant.now().isBefore(deadline)) {
            long before = ProcStats.cpuMicros(pids);
            Thread.sleep(IDLE_WINDOW.toMillis());
            if (ProcStats.cpuMicros(pids) - before < IDLE_WINDOW.toNanos() / 1_000 * IDLE_SHARE_OF_A_CORE) {
                return;
            }
        }
        System.out.println("the stack did not become idle within " + IDLE_TIMEOUT + "; timing the start anyway");
    }

    /**
     * The targets, issue 56's first: server CPU per request with PostgreSQL's share, in RSA-2048 verifications of the
     * moment just before each measurement (bench/README.md, "The targets"); then the earlier absolute ones.
     */
    private void targets(JdkFloors.Floors floors, Optional<PipelineBenchmark.Result> pipeline, Map<String, Double> afterRss,
                         Map<String, Report.StartUp> firstAnswer) {
        verificationsTarget("signed balances read through the ingress", "balances-ingress", 10);
        verificationsTarget("the aggregators' average read (accounts, balances, transactions; PSU absent)",
                "aggregator-reads", 12);
        verificationsTarget("refused signature", "rejected-signature", 2);
        verificationsTarget("consent creation", "consent-create", 30);
        verificationsTarget("payment initiation", "payment-initiate", 45);
        Report.Workload ingress = report.workload("balances-ingress");
        Wrk.Result r = ingress.result();
        report.add(new Report.Target("p99 of the signed balances reads at " + CONNECTIONS + " connections", "≤ 25 ms",
                String.format(Locale.ROOT, "%.1f ms; machine stalls meanwhile: %s", r.p99Micros() / 1000.0,
                        ingress.stalls()), r.p99Micros() <= 25_000));
        report.endpointClass("realistic-mix", "all account reads").ifPresent(reads -> report.add(new Report.Target(
                "p99 of the account reads in the realistic mix at " + CONNECTIONS + " connections", "≤ 25 ms",
                String.format(Locale.ROOT, "%.0f ms (%d reads)", reads.p99Millis(), reads.requests()),
                reads.p99Millis() <= 25)));
        long errors = 0;
        for (String name : List.of("balances-ingress", "balances-direct", "aggregator-reads", "consent-create",
                "payment-initiate", "rejected-signature", "realistic-mix")) {
            errors += report.workload(name).result().errors();
        }
        report.add(new Report.Target("errors in every workload", "0", String.valueOf(errors), errors == 0));
        afterRss.forEach((module, mib) -> report.add(new Report.Target(module + ": RSS after the run (JVM mode)",
                "≤ 200 MiB", String.format(Locale.ROOT, "%.0f MiB", mib), mib <= 200)));
        report.add(new Report.Target("the security pipeline with a known certificate (JMH, one thread)", "≤ 60 µs",
                pipeline.map(p -> String.format(Locale.ROOT, "%.1f µs", p.pipelineMicros()))
                        .orElse("not measured (bin/bench runs it)"),
                pipeline.isPresent() && pipeline.get().pipelineMicros() <= 60));
        report.add(new Report.Target("signed GET balances through the ingress", "≥ 4000 req/s",
                String.format(Locale.ROOT, "%.0f req/s", r.requestsPerSecond()), r.requestsPerSecond() >= 4000));
        Wrk.Result consents = report.workload("consent-create").result();
        report.add(new Report.Target("consent creation rate", "≥ 800/s",
                String.format(Locale.ROOT, "%.0f/s", consents.requestsPerSecond()), consents.requestsPerSecond() >= 800));
        for (String module : GATEWAY) {
            Report.StartUp startUp = firstAnswer.getOrDefault(module, Report.StartUp.NONE);
            long ms = startUp.median();
            report.add(new Report.Target(module + ": first signed answer after process start (median)", "≤ 2500 ms",
                    ms < 0 ? startUp.toString() : startUp + " ms", ms >= 0 && ms <= 2500));
        }
        report.fact("floor: JDK RSA-2048 verify + SHA-256 1 KiB, one thread", String.format(Locale.ROOT, "%.1f µs per request",
                floors.rsaMicros() + floors.sha256Micros()));
    }

    /** A target on a workload's server CPU per request with PostgreSQL's share, in RSA-2048 verifications. */
    private void verificationsTarget(String what, String workload, int most) {
        Report.Workload w = report.workload(workload);
        double verifications = w.cpuWithDatabaseInRsaVerifies();
        report.add(new Report.Target(what + ": server CPU per request with PostgreSQL, in RSA-2048 verifications",
                "≤ " + most, String.format(Locale.ROOT, "%.1f (%d µs at %.0f verifications/s)", verifications,
                        w.cpuWithDatabaseMicros(), w.rsaVerifiesPerSecond()), verifications >= 0 && verifications <= most));
    }

    static String consentBody() {
        return "{\"access\":{\"allPsd2\":\"allAccounts\"},\"recurringIndicator\":true,\"validUntil\":\""
                + LocalDate.now().plusDays(60) + "\",\"frequencyPerDay\":4,\"combinedServiceIndicator\":false}";
    }

    static String paymentBody(String debtorIban) {
        return "{\"debtorAccount\":{\"iban\":\"" + debtorIban + "\"},\"instructedAmount\":{\"currency\":\"EUR\",\"amount\":\"1.00\"},"
                + "\"creditorAccount\":{\"iban\":\"DE89370400440532013000\"},\"creditorName\":\"Bench Creditor\","
                + "\"remittanceInformationUnstructured\":\"bench\"}";
    }
}
