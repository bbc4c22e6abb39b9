package eu.xs2a.e2e.bench;

import eu.xs2a.e2e.support.Repository;
import eu.xs2a.e2e.support.Stack;
import eu.xs2a.testsupport.TestTpp;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * bin/bench --compare: build A (another commit's jars, -Dbench.compare.a) against build B (this checkout's), each on
 * a stack of its own, both up side by side but only one loaded at a time, in rounds A B A B. Both stacks share their
 * key material, so the one TPP is registered at both and a request that names nothing of one stack (a creation, a
 * refusal) is signed once and replayed on each; a read names its stack's consent, so it is signed for each. The
 * first round warms each workload up for -Dbench.warmup (12 s), the second only for -Dbench.rewarm (4 s): the JIT
 * has had the first round's load. Each run measures -Dbench.seconds (8). CPU per request is the measured stack's processes' and
 * its PostgreSQL backends' (with the server's own processes), from /proc; the idle stack's is read beside it and
 * printed, never counted. Never part of bin/test (Maven profile bench; bench/README.md "Comparing two commits").
 */
class CompareBenchmark {

    private static final int SECONDS = Integer.getInteger("bench.seconds", 8);
    private static final int FIRST_WARM_UP = Integer.getInteger("bench.warmup", 12);
    private static final int REWARM = Integer.getInteger("bench.rewarm", 4);
    private static final int CONNECTIONS = Integer.getInteger("bench.connections", 32);
    private static final int ROUNDS = 2;
    private static final List<String> WORKLOADS = List.of(System.getProperty("bench.only",
            "balances-direct,consent-create,payment-initiate,rejected-signature").split(","));
    /** Where the table is written besides the console (bin/bench --compare prints it from there), if set. */
    private static final String TABLE = System.getProperty("bench.compare.table");
    /**
     * A warm-up is loaded on in chunks of at most this many seconds, each file signed for the rate of the chunk before
     * (signing takes longer than the load itself when it is sized for the fastest rate a stack might reach).
     */
    private static final int WARM_UP_CHUNK = 4;
    /**
     * Requests per second signed for the very first chunk of a workload, before any rate is known: a faster stack gets
     * replays for the rest of it, which are refused (only the warm-up sees them).
     */
    private static final int FIRST_CHUNK_RATE = 1_000;
    /** A file signed before A's first run and replayed on B too must cover B running this much faster than A. */
    private static final double UNKNOWN_RATE_MARGIN = 2.5;
    /**
     * Room above the fastest rate seen so far: in the first round a stack still compiling gets faster from one chunk
     * to the next (a second round's reads once ran three times as fast as the first's); in the second, less so.
     */
    private static final double KNOWN_RATE_MARGIN = 2.0;
    private static final double SECOND_ROUND_MARGIN = 1.5;
    private static final int LEAST_REQUESTS = 1_000;
    /** Refused requests never run out: the same few are replayed (signed again each round, for their Date). */
    private static final int TAMPERED_REQUESTS = 2_000;

    private final Path root = Repository.root();
    private final Path work = root.resolve("e2e-tests/target/compare/work");
    /** Files signed so far, for both builds or for one: by round, phase, build and the requests they hold. */
    private final Map<SignedFileKey, Path> signedFiles = new HashMap<>();
    /**
     * Each service's connection pool, on both stacks: ten services at their own 16 would need more than PostgreSQL's
     * default 100 connections, and under load the creations were refused theirs.
     */
    static final String POOL_SIZE = "8";

    /** The full run's environment of a service, with the smaller pool. */
    private static Map<String, String> environment(String module, String bankUrl) {
        Map<String, String> environment = new HashMap<>(GatewayBenchmark.environment(module, bankUrl));
        environment.put("QUARKUS_DATASOURCE_JDBC_MAX_SIZE", POOL_SIZE);
        return environment;
    }

    /** The latest rate of each workload on each build ("A balances-direct"). */
    private final Map<String, Double> rates = new HashMap<>();
    private Wrk wrk;
    private PostgresProcesses postgres;
    /** When the harness started (System.nanoTime), for the times printed. */
    private long begin;
    private long signingNanos;
    private long signedRequests;
    private long idleWaitNanos;

    @Test
    void compare() throws Exception {
        Path jarsOfA = Path.of(System.getProperty("bench.compare.a", ""));
        if (!Files.exists(jarsOfA.resolve("account-service/target/quarkus-app/quarkus-run.jar"))) {
            throw new IllegalStateException("-Dbench.compare.a must name a checkout with built jars: " + jarsOfA);
        }
        Files.createDirectories(work);
        Path keys = work.resolve("keys");
        wrk = new Wrk(root.resolve("bench/replay.lua"), work);
        begin = System.nanoTime();
        Side a = new Side("A", Stack.startBuild(jarsOfA, "xs2a_compare_a_", keys, CompareBenchmark::environment));
        Side b = new Side("B", Stack.startBuild(root, "xs2a_compare_b_", keys, CompareBenchmark::environment));
        TestTpp tpp = GatewayBenchmark.sandboxTpp(keys);
        GatewayClient client = new GatewayClient(tpp.signer());
        a.prepare(tpp, client);
        b.prepare(tpp, client);
        postgres = PostgresProcesses.of(a.stack.databaseUrl("consent"));
        System.out.printf(Locale.ROOT, "bin/bench --compare: both stacks up and prepared in %.0f s%n", seconds(begin));

        Comparison comparison = new Comparison();
        for (int round = 1; round <= ROUNDS; round++) {
            // as autovacuum keeps a live server's tables (this machine's server runs without it; bench/README.md)
            a.stack.vacuumAnalyze();
            b.stack.vacuumAnalyze();
            for (Side side : List.of(a, b)) {
                Side idle = side == a ? b : a;
                for (String workload : WORKLOADS) {
                    Comparison.Figures figures = run(round, side, idle, workload, a.load(workload).requests()
                            .equals(b.load(workload).requests()));
                    if (side == a) {
                        comparison.addA(workload, figures);
                    } else {
                        comparison.addB(workload, figures);
                    }
                }
            }
        }
        String table = comparison.table();
        System.out.println("\n" + table);
        System.out.printf(Locale.ROOT, "bin/bench --compare: the harness took %.0f s, %.0f s of it signing %d requests, "
                + "%.0f s waiting for an idle stack%n", seconds(begin), signingNanos / 1e9, signedRequests,
                idleWaitNanos / 1e9);
        if (TABLE != null) {
            Files.writeString(Path.of(TABLE), table);
        }
    }

    /** One workload's warm-up and measurement on one build, the other build's stack idle meanwhile. */
    private Comparison.Figures run(int round, Side side, Side idle, String workload, boolean sameRequestsOnBoth)
            throws Exception {
        Load load = side.load(workload);
        int warmUp = round == 1 ? FIRST_WARM_UP : REWARM;
        for (int chunk = 1, left = warmUp; left > 0; chunk++, left -= WARM_UP_CHUNK) {
            int seconds = Math.min(WARM_UP_CHUNK, left);
            Path file = signed(round, "warmup" + chunk, side, load, sameRequestsOnBoth, seconds);
            double rate = wrk.run(load.baseUrl(), file, load.requests().expected(), CONNECTIONS, seconds)
                    .requestsPerSecond();
            rates.merge(side.name + " " + workload, rate, Math::max);
        }
        Path measured = signed(round, "measured", side, load, sameRequestsOnBoth, SECONDS);
        double machine = machineSpeed(side);
        List<Long> stackPids = side.pids();
        List<Long> postgresPids = postgres.withoutBackendsOf(idle.stack.databasePrefix());
        List<Long> idlePids = idle.pids();
        idlePids.addAll(postgres.backendsOf(idle.stack.databasePrefix()));
        long stackBefore = ProcStats.cpuMicros(stackPids);
        long postgresBefore = ProcStats.cpuMicros(postgresPids);
        long idleBefore = ProcStats.cpuMicros(idlePids);
        long jitBefore = ProcStats.jitCpuMicros(stackPids);
        Wrk.Result result = wrk.run(load.baseUrl(), measured, load.requests().expected(), CONNECTIONS, SECONDS);
        long stack = ProcStats.cpuMicros(stackPids) - stackBefore;
        long database = ProcStats.cpuMicros(postgresPids) - postgresBefore;
        long idleCpu = ProcStats.cpuMicros(idlePids) - idleBefore;
        long jit = ProcStats.jitCpuMicros(stackPids) - jitBefore;
        rates.merge(side.name + " " + workload, result.requestsPerSecond(), Math::max);
        long requests = Math.max(1, result.requests());
        long cpu = (stack + database) / requests;
        System.out.printf(Locale.ROOT, "round %d %s %-20s %4.0f s:  %7.0f req/s  p50 %6.2f ms  p99 %6.2f ms  errors %d  "
                        + "cpu %d µs/req (PostgreSQL %d)  JIT %.0f%%  machine %.0f verifies/s  idle stack %s: "
                        + "%.1f%% of a core, not counted%n",
                round, side.name, workload, seconds(begin), result.requestsPerSecond(), result.p50Micros() / 1000.0,
                result.p99Micros() / 1000.0, result.errors(), cpu, database / requests,
                stack == 0 ? 0 : 100.0 * jit / stack, machine, idle.name, 100.0 * idleCpu / (result.seconds() * 1e6));
        return new Comparison.Figures(result.requestsPerSecond(), result.p50Micros(), result.p99Micros(),
                result.errors(), cpu, database / requests, cpu * machine / 1_000_000);
    }

    /**
     * The file of a phase of a run, signed now, or, for requests that are the same on both builds, signed for A's run
     * of the round and replayed on B's (each stack claims each X-Request-ID once; the files are used within the
     * services' Date window). Sized from the rates seen so far, with room to spare: a request replayed after the
     * file runs out is refused, which counts as an error in a measurement.
     */
    private Path signed(int round, String phase, Side side, Load load, boolean sameRequestsOnBoth, int seconds) {
        String name = load.name();
        if (load.requests().tamper()) {
            phase = "refused";
        }
        SignedFileKey key = new SignedFileKey(round, phase, sameRequestsOnBoth ? "both" : side.name, load.requests());
        if (signedFiles.containsKey(key)) {
            return signedFiles.get(key);
        }
        int count;
        if (load.requests().tamper()) {
            count = TAMPERED_REQUESTS;
        } else {
            double rate = Math.max(rates.getOrDefault("A " + name, 0.0), rates.getOrDefault("B " + name, 0.0));
            boolean bUnknown = !rates.containsKey("B " + name);
            count = rate == 0 ? FIRST_CHUNK_RATE * seconds : (int) Math.max(LEAST_REQUESTS,
                    rate * seconds * (sameRequestsOnBoth && bUnknown ? UNKNOWN_RATE_MARGIN
                            : round == 1 ? KNOWN_RATE_MARGIN : SECOND_ROUND_MARGIN));
        }
        String file = name + "-" + phase + "-" + round + (sameRequestsOnBoth ? "" : "-" + side.name) + ".req";
        Requests r = load.requests();
        long signing = System.nanoTime();
        Path signed = SignedRequestFile.write(work.resolve(file), side.tpp.signer(), r.method(), r.path(), r.headers(),
                r.body(), count, r.tamper());
        signingNanos += System.nanoTime() - signing;
        signedRequests += count;
        signedFiles.put(key, signed);
        return signed;
    }

    /** One thread's RSA-2048 verifications per second, once the stack to measure is idle: the machine's speed now. */
    private double machineSpeed(Side side) throws Exception {
        long waiting = System.nanoTime();
        side.awaitIdle();
        idleWaitNanos += System.nanoTime() - waiting;
        return JdkFloors.probeRsaVerifiesPerSecond();
    }

    private static double seconds(long since) {
        return (System.nanoTime() - since) / 1e9;
    }

    /** What one workload sends; equal on both builds when it names nothing of either stack. */
    private record Requests(String method, String path, Map<String, String> headers, String body, int expected,
                            boolean tamper) {
    }

    private record Load(String name, String baseUrl, Requests requests) {
    }

    private record SignedFileKey(int round, String phase, String builds, Requests requests) {
    }

    /** One build's stack, its prepared data and its workloads. */
    private static final class Side {

        private static final double IDLE_SHARE_OF_A_CORE = 0.05;
        private static final long IDLE_WINDOW_MILLIS = 500;
        /** Background work the creations leave (polling, forwarding) may go on longer; it is then measured too. */
        private static final long IDLE_TIMEOUT_MILLIS = 5_000;

        final String name;
        final Stack stack;
        TestTpp tpp;
        private final Map<String, Load> loads = new LinkedHashMap<>();

        Side(String name, Stack stack) {
            this.name = name;
            this.stack = stack;
        }

        void prepare(TestTpp tpp, GatewayClient client) throws Exception {
            this.tpp = tpp;
            GatewayBenchmark.Prepared data = GatewayBenchmark.prepare(stack, client);
            String ingress = stack.baseUrl();
            String p = GatewayBenchmark.P;
            Map<String, String> read = Map.of("Consent-Id", data.consentId(), "PSU-IP-Address", "192.0.2.10");
            String balances = p + "/v1/accounts/" + data.accountId() + "/balances";
            add(new Load("balances-ingress", ingress, new Requests("GET", balances, read, null, 200, false)));
            add(new Load("balances-direct", stack.serviceUrl("account-service"),
                    new Requests("GET", balances, read, null, 200, false)));
            add(new Load("consent-create", ingress, new Requests("POST", p + "/v1/consents",
                    Map.of("TPP-Redirect-Preferred", "true", "TPP-Redirect-URI", GatewayBenchmark.REDIRECT),
                    GatewayBenchmark.consentBody(), 201, false)));
            add(new Load("payment-initiate", ingress, new Requests("POST", p + "/v1/payments/sepa-credit-transfers",
                    Map.of("PSU-IP-Address", "192.0.2.10", "TPP-Redirect-URI", GatewayBenchmark.REDIRECT),
                    GatewayBenchmark.paymentBody(data.iban()), 201, false)));
            add(new Load("rejected-signature", ingress, new Requests("GET", balances, read, null, 401, true)));
            // an aggregator's read: PSU absent, so every one is counted against the consent's (raised) daily maximum
            RealisticTraffic.Approved aggregator = RealisticTraffic.approve(ingress, client);
            String transactions = p + "/v1/accounts/" + aggregator.accounts().get(0).get("resourceId").asText()
                    + "/transactions?bookingStatus=booked&dateFrom=" + LocalDate.now().minusDays(90);
            add(new Load("transactions-unattended", stack.serviceUrl("account-service"), new Requests("GET",
                    transactions, Map.of("Consent-Id", aggregator.consentId()), null, 200, false)));
        }

        private void add(Load load) {
            loads.put(load.name(), load);
        }

        Load load(String workload) {
            Load load = loads.get(workload);
            if (load == null) {
                throw new IllegalArgumentException("bin/bench --compare has no workload " + workload + "; it has "
                        + loads.keySet());
            }
            return load;
        }

        /** Every process of the stack: its services and nginx with its workers. */
        List<Long> pids() {
            List<Long> pids = new ArrayList<>();
            stack.pidsByPart().values().forEach(pids::addAll);
            return pids;
        }

        /** Waits until the stack uses under 5% of a core: the end of the last run's background work and compiling. */
        void awaitIdle() throws InterruptedException {
            List<Long> pids = pids();
            long deadline = System.currentTimeMillis() + IDLE_TIMEOUT_MILLIS;
            while (System.currentTimeMillis() < deadline) {
                long before = ProcStats.cpuMicros(pids);
                Thread.sleep(IDLE_WINDOW_MILLIS);
                if (ProcStats.cpuMicros(pids) - before < IDLE_WINDOW_MILLIS * 1_000 * IDLE_SHARE_OF_A_CORE) {
                    return;
                }
            }
            System.out.println("stack " + name + " still busy after " + IDLE_TIMEOUT_MILLIS / 1000
                    + " s (background work of the creations); measuring anyway");
        }
    }
}
