package eu.xs2a.e2e.support;

import eu.xs2a.testsupport.ServiceProcess;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * The whole gateway as bin/run starts it — aspsp-sandbox, the four services from their built jars, the nginx ingress
 * generated from the route table — but on free ports and on databases of its own ({@code xs2a_e2e_*} for the tests,
 * {@code xs2a_faults_*} for the fault tests, {@code xs2a_bench_*} for the benchmark; emptied first), so it never
 * collides with a stack a developer runs.
 * The tests' stack is started once per test JVM; every stack is stopped by a shutdown hook.
 */
public final class Stack {

    /**
     * Environment a stack of its own adds to a gateway service's, given the sandbox bank's address: the fault tests
     * put a proxy of their own between each service and the bank, and shrink pools and stretch timeouts.
     */
    @FunctionalInterface
    public interface ServiceEnvironment {
        Map<String, String> of(String module, String bankUrl);
    }

    private static Stack instance;

    private final Path root;
    private final Path keys;
    private final String databasePrefix;
    private final ServiceEnvironment extra;
    /** Whether the services record class-data archives as they exit (see ServiceProcess.startTraining). */
    private final boolean training;
    /** Modules started twice, behind the ingress as one upstream of two servers, on the same database. */
    private final Set<String> twice;
    private final Map<String, ServiceProcess> byName = new HashMap<>();
    private final Map<String, ServiceProcess> secondInstances = new HashMap<>();
    private final Set<Integer> chosenPorts = new HashSet<>();
    private final Map<String, Map<String, String>> environments = new HashMap<>();
    /** Another checkout whose built jars the services run from, with no class-data archive; null: this one's. */
    private final Path jars;
    private Process nginx;
    private int ingressPort;
    private boolean stopped;

    private Stack(Path root, String databasePrefix, ServiceEnvironment extra, boolean training, Set<String> twice) {
        this.root = root;
        this.databasePrefix = databasePrefix;
        this.extra = extra;
        this.training = training;
        this.twice = Set.copyOf(twice);
        this.jars = null;
        this.keys = root.resolve("e2e-tests/target/" + folderPrefix() + "keys");
    }

    private Stack(Path root, String databasePrefix, ServiceEnvironment extra, Path jars, Path keys) {
        this.root = root;
        this.databasePrefix = databasePrefix;
        this.extra = extra;
        this.training = false;
        this.twice = Set.of();
        this.jars = jars.toAbsolutePath();
        this.keys = keys;
    }

    /**
     * How long consent-service waits, in the stack the e2e tests share, before it asks the bank about a consent the
     * bank has told nothing of (consent.bank-sync.stale-after; 5 minutes by default), and how often it looks: short,
     * so that a journey sees the polling find a bank-side change.
     */
    public static final Duration BANK_SYNC_STALE_AFTER = Duration.ofSeconds(8);

    /** The stack's databases, each named with the stack's prefix. */
    private static final List<String> DATABASES = List.of("aspsp", "registration", "consent", "account", "payment");

    /**
     * The stack the e2e tests share; its services send their traces to the {@link TraceCollector}. It records no
     * class-data archive: a recording slows each start by about 5 s and the test JVM's exit by about 50 s, and only
     * the next bin/run would gain from it (bin/bench records its own).
     */
    public static synchronized Stack get() {
        if (instance == null) {
            instance = start(new Stack(Repository.root(), "xs2a_e2e_", (module, bankUrl) -> {
                Map<String, String> env = new HashMap<>(TraceCollector.get().environment());
                if ("consent-service".equals(module)) {
                    env.putAll(Map.of("CONSENT_BANK_SYNC_STALE_AFTER", BANK_SYNC_STALE_AFTER.toSeconds() + "S",
                            "CONSENT_BANK_SYNC_EVERY", "1s", "PSD2_TASKS_POLL_EVERY", "1s"));
                }
                return env;
            }, false, Set.of()));
        }
        return instance;
    }

    /**
     * A stack of its own whose gateway services get {@code extra} environment besides the usual; its services record
     * no class-data archive (a stack that kills its services trains nothing worth keeping).
     */
    public static Stack start(String databasePrefix, ServiceEnvironment extra) {
        return start(databasePrefix, extra, false);
    }

    /** Like {@link #start(String, ServiceEnvironment)}; with {@code training}, its services record class-data archives. */
    public static Stack start(String databasePrefix, ServiceEnvironment extra, boolean training) {
        return start(new Stack(Repository.root(), databasePrefix, extra, training, Set.of()));
    }

    /**
     * Like {@link #start(String, ServiceEnvironment)}, with two instances of each module of {@code twice}: the same
     * environment and database, two ports, both behind the ingress (nginx balances them round-robin), as two
     * replicas of a Deployment are.
     */
    public static Stack startTwice(String databasePrefix, ServiceEnvironment extra, Set<String> twice) {
        return start(new Stack(Repository.root(), databasePrefix, extra, false, twice));
    }

    /**
     * A stack of the jars built in the checkout {@code jars} (bin/bench --compare runs two builds side by side), its
     * services started with no class-data archive, its key material in {@code keys}: two stacks given the same keys
     * trust the same sandbox CA and share its seals, so one TPP's signed requests are valid on both.
     */
    public static Stack startBuild(Path jars, String databasePrefix, Path keys, ServiceEnvironment extra) {
        return start(new Stack(Repository.root(), databasePrefix, extra, jars, keys));
    }

    private static Stack start(Stack stack) {
        Runtime.getRuntime().addShutdownHook(new Thread(stack::stop));
        stack.start();
        return stack;
    }

    /** The ingress, e.g. {@code http://localhost:41234}: what a TPP calls. */
    public String baseUrl() {
        return "http://localhost:" + ingressPort;
    }

    /** A service's own address (bypassing the ingress), e.g. for the bank's pages or direct measurements. */
    public String serviceUrl(String module) {
        return byName.get(module).baseUrl();
    }

    public Path keys() {
        return keys;
    }

    /** The gateway's seal certificate (bin/sandbox-keys), as the bank publishes it on its developer page. */
    public java.security.cert.X509Certificate gatewaySealCertificate() {
        try (java.io.InputStream in = java.nio.file.Files.newInputStream(keys.resolve("gateway-seal.pem"))) {
            return (java.security.cert.X509Certificate) java.security.cert.CertificateFactory.getInstance("X.509")
                    .generateCertificate(in);
        } catch (java.io.IOException | java.security.GeneralSecurityException e) {
            throw new IllegalStateException("No gateway seal in " + keys, e);
        }
    }

    /** The ingress's access log: one JSON line per request, with its X-Request-ID and the upstream that answered. */
    public Path ingressAccessLog() {
        return root.resolve("e2e-tests/target/" + folderPrefix() + "nginx/logs/nginx-access.log");
    }

    public ServiceProcess process(String module) {
        return byName.get(module);
    }

    /** The JDBC URL of a database of this stack, e.g. {@code aspsp} (the sandbox bank's) or {@code consent}. */
    public String databaseUrl(String database) {
        return "jdbc:postgresql://localhost:5432/" + databasePrefix + database;
    }

    /** The environment a service was started with (its database, trust files, keys), for starting another one like it. */
    public Map<String, String> environment(String module) {
        return Map.copyOf(environments.get(module));
    }

    /** The prefix of this stack's databases, e.g. {@code xs2a_bench_}. */
    public String databasePrefix() {
        return databasePrefix;
    }

    /** The process ids of each part of the stack: every service by module name, and "nginx" with its workers. */
    public Map<String, List<Long>> pidsByPart() {
        Map<String, List<Long>> parts = new LinkedHashMap<>();
        byName.forEach((module, service) -> parts.put(module, List.of(service.pid())));
        if (nginx != null) {
            List<Long> ingress = new ArrayList<>(List.of(nginx.pid()));
            nginx.toHandle().descendants().forEach(worker -> ingress.add(worker.pid()));
            parts.put("nginx", ingress);
        }
        return parts;
    }

    /**
     * Stops a service and starts it again on the same port with the same environment, returning at once; the caller
     * decides what "up" means (the benchmark: the first successful signed answer).
     */
    public ServiceProcess restart(String module) {
        byName.get(module).close();
        ServiceProcess service = jars != null
                ? ServiceProcess.launchWithoutArchive(jars, module, environments.get(module), byName.get(module).port())
                : ServiceProcess.launch(module, environments.get(module), byName.get(module).port());
        byName.put(module, service);
        return service;
    }

    /**
     * Kills a service with SIGKILL, as a crash does (no shutdown, nothing finished), and returns once it is gone;
     * {@link #restart} starts it again.
     */
    public void crash(String module) {
        byName.get(module).kill();
    }

    private void start() {
        ingressPort = unchosenPort();
        Repository.run(List.of(root.resolve("bin/sandbox-keys").toString(), keys.toString()));
        for (String db : DATABASES) {
            emptyDatabase(databasePrefix + db);
        }
        // the bank sends its status events to consent- and payment-service: their ports are chosen before it starts
        int consentPort = unchosenPort();
        int paymentPort = unchosenPort();
        ServiceProcess bank = launch("aspsp-sandbox", "aspsp", Map.of(
                "SANDBOX_EVENTS_CONSENT_URL", "http://localhost:" + consentPort + "/internal/v1/bank-events",
                "SANDBOX_EVENTS_PAYMENT_URL", "http://localhost:" + paymentPort + "/internal/v1/bank-events",
                // the periodic-payment journey moves the bank's date to see a standing order's occurrences executed
                "SANDBOX_CLOCK_CONTROL", "true"), 0);
        bank.awaitReady();
        Map<String, String> gateway = new HashMap<>();
        gateway.put("PSD2_PROVIDERS_FILE", root.resolve("config/providers.properties").toString());
        gateway.put("PSD2_ENVIRONMENT", "sandbox"); // no default: a service without it does not start
        gateway.put("PSD2_SANDBOX_BANK_URL", bank.baseUrl());
        gateway.put("PSD2_PUBLIC_BASE_URL", baseUrl());
        gateway.put("PSD2_TRUST_ANCHORS", keys.resolve("sandbox-ca.pem").toString());
        gateway.put("PSD2_SANDBOX_CA_CERT", keys.resolve("sandbox-ca.pem").toString());
        gateway.put("PSD2_SANDBOX_CA_KEY", keys.resolve("sandbox-ca.key").toString());
        gateway.put("PSD2_SANDBOX_DIRECTORY_KEY", keys.resolve("directory.key").toString());
        gateway.put("PSD2_REGISTRATION_DIRECTORY_JWKS", keys.resolve("directory-jwks.json").toString());
        gateway.put("MP_JWT_VERIFY_PUBLICKEY_LOCATION", keys.resolve("service-token.pub").toString());
        gateway.put("SMALLRYE_JWT_SIGN_KEY_LOCATION", keys.resolve("service-token.key").toString());
        gateway.put("PSD2_OAUTH_SIGNING_KEY", keys.resolve("oauth-signing.key").toString());
        gateway.put("PSD2_OAUTH_VERIFICATION_KEY", keys.resolve("oauth-signing.pub").toString());
        gateway.put("PSD2_NOTIFICATIONS_SEAL_CERTIFICATE", keys.resolve("gateway-seal.pem").toString());
        gateway.put("PSD2_NOTIFICATIONS_SEAL_KEY", keys.resolve("gateway-seal.key").toString());
        // The gateway's services are started side by side and then awaited: none needs another ready to start (the
        // bank is), and their start-ups, half of it waiting on PostgreSQL, overlap on the cores.
        launch("registration-service", "registration", gateway(gateway, "registration-service", bank), 0);
        ServiceProcess consent = launch("consent-service", "consent", gateway(gateway, "consent-service", bank),
                consentPort);
        Map<String, String> account = gateway(gateway, "account-service", bank);
        account.put("PSD2_CONSENT_LOOKUP_URL", consent.baseUrl());
        launch("account-service", "account", account, 0);
        launch("payment-service", "payment", gateway(gateway, "payment-service", bank), paymentPort);
        byName.values().forEach(ServiceProcess::awaitReady);
        secondInstances.values().forEach(ServiceProcess::awaitReady);
        startIngress();
    }

    /** The gateway's common environment with what this stack adds for the module. */
    private Map<String, String> gateway(Map<String, String> common, String module, ServiceProcess bank) {
        Map<String, String> env = new HashMap<>(common);
        env.putAll(extra.of(module, bank.baseUrl()));
        return env;
    }

    /**
     * A port free now and not yet given to a part of this stack: the parts bind theirs only as they start, side by
     * side, so a port free now may be one just given to another.
     */
    private int unchosenPort() {
        int port = ServiceProcess.freePort();
        while (!chosenPorts.add(port)) {
            port = ServiceProcess.freePort();
        }
        return port;
    }

    /** Starts a module on {@code port}, or on a free one when 0, without waiting for it to be ready. */
    private ServiceProcess launch(String module, String database, Map<String, String> extraEnvironment, int port) {
        Map<String, String> env = new HashMap<>(extraEnvironment);
        env.put("QUARKUS_DATASOURCE_JDBC_URL", databaseUrl(database));
        env.put("QUARKUS_DATASOURCE_USERNAME", "xs2a");
        env.put("QUARKUS_DATASOURCE_PASSWORD", "xs2a");
        env.put("QUARKUS_LOG_CONSOLE_JSON_ENABLED", "false");
        // not the ingress's port, chosen before and bound after: a service there would answer in nginx's place
        int chosen = port == 0 ? unchosenPort() : port;
        ServiceProcess service;
        if (jars != null) {
            service = ServiceProcess.launchWithoutArchive(jars, module, env, chosen);
        } else {
            service = training ? ServiceProcess.launchTraining(module, env, chosen)
                    : ServiceProcess.launch(module, env, chosen);
        }
        byName.put(module, service);
        environments.put(module, env);
        if (twice.contains(module)) {
            // its twin on the same database: their Flyway runs take turns on PostgreSQL's lock, as replicas' do
            secondInstances.put(module, ServiceProcess.launch(module, env, unchosenPort()));
        }
        return service;
    }

    private void startIngress() {
        Path dir = root.resolve("e2e-tests/target/" + folderPrefix() + "nginx");
        List<String> render = new ArrayList<>(List.of(root.resolve("ingress/render-nginx").toString(),
                "--dir", dir.toString(), "--listen", String.valueOf(ingressPort), "--workers", "1"));
        for (String module : List.of("registration-service", "consent-service", "account-service", "payment-service")) {
            render.add("--upstream");
            ServiceProcess second = secondInstances.get(module);
            render.add(module + "=" + byName.get(module).port() + (second == null ? "" : "," + second.port()));
        }
        Repository.run(render);
        try {
            Files.createDirectories(dir);
            nginx = new ProcessBuilder("nginx", "-p", dir.toString(), "-c", dir.resolve("nginx.conf").toString(),
                    "-e", dir.resolve("error.log").toString(), "-g", "daemon off;")
                    .redirectErrorStream(true).redirectOutput(dir.resolve("nginx.out").toFile()).start();
        } catch (IOException e) {
            throw new IllegalStateException("Cannot start nginx (apt-get install nginx-light): " + e.getMessage(), e);
        }
        awaitIngress();
    }

    private void awaitIngress() {
        HttpClient client = HttpClient.newHttpClient();
        HttpRequest probe = HttpRequest.newBuilder(URI.create(baseUrl() + "/")).timeout(Duration.ofSeconds(2)).build();
        Instant deadline = Instant.now().plusSeconds(20);
        while (Instant.now().isBefore(deadline)) {
            if (!nginx.isAlive()) {
                throw new IllegalStateException("nginx exited; see e2e-tests/target/" + folderPrefix() + "nginx/nginx.out");
            }
            try {
                client.send(probe, HttpResponse.BodyHandlers.discarding());
                return;
            } catch (IOException e) {
                pause();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        throw new IllegalStateException("nginx did not answer on port " + ingressPort);
    }

    /**
     * Stops the stack's processes: a stack only one class uses is stopped when that class is done, so that its idle
     * jobs take no CPU from the classes still running; the rest are stopped as the test JVM exits.
     */
    public synchronized void stop() {
        if (stopped) {
            return;
        }
        stopped = true;
        if (nginx != null) {
            nginx.destroy();
            try {
                nginx.waitFor(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        byName.values().forEach(ServiceProcess::close);
        secondInstances.values().forEach(ServiceProcess::close);
    }

    /** {@code xs2a_e2e_} → {@code e2e-}: the stack's folders under e2e-tests/target. */
    private String folderPrefix() {
        return databasePrefix.replaceFirst("^xs2a_", "").replace('_', '-');
    }

    /**
     * VACUUM (ANALYZE) of each of the stack's databases: what autovacuum does on a live server all along. On a server
     * that runs without it (this machine's CI configuration turns it off) the services would be measured planning on
     * tables never analysed and reading through the dead rows of every update. Answers whether the server's
     * autovacuum is on.
     */
    public boolean vacuumAnalyze() {
        boolean autovacuum = false;
        for (String db : DATABASES) {
            try (Connection c = DriverManager.getConnection(databaseUrl(db), "xs2a", "xs2a");
                 Statement s = c.createStatement()) {
                List<String> tables = new ArrayList<>();
                try (ResultSet names = s.executeQuery("select quote_ident(tablename) from pg_tables"
                        + " where schemaname = 'public'")) {
                    while (names.next()) {
                        tables.add(names.getString(1));
                    }
                }
                // the stack's own tables: the system catalogues are the superuser's, and skipped with a warning each
                s.execute("vacuum (analyze) " + String.join(", ", tables));
                try (ResultSet on = s.executeQuery("show autovacuum")) {
                    autovacuum = on.next() && "on".equals(on.getString(1));
                }
            } catch (SQLException e) {
                throw new IllegalStateException("Cannot vacuum " + databasePrefix + db + ": " + e.getMessage(), e);
            }
        }
        return autovacuum;
    }

    /** Each run starts from empty databases so that its seeds, ids and counters are its own. */
    private static void emptyDatabase(String database) {
        try (Connection c = DriverManager.getConnection("jdbc:postgresql://localhost:5432/" + database, "xs2a", "xs2a");
             Statement s = c.createStatement()) {
            s.execute("drop schema public cascade");
            s.execute("create schema public");
        } catch (Exception e) {
            throw new IllegalStateException("Cannot prepare " + database + " (run bin/db-setup): " + e.getMessage(), e);
        }
    }

    private static void pause() {
        try {
            Thread.sleep(200);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
