package eu.xs2a.e2e.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.e2e.support.Eventually;
import eu.xs2a.e2e.support.Lanes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * bin/run's supervisor, run for real: {@code bin/run --detach} on ports and databases of its own
 * ({@code XS2A_PORT_OFFSET}, {@code XS2A_DB_PREFIX=xs2a_runtest_}, {@code XS2A_RUN_DIR} in a temporary folder), then a
 * part killed with kill -9 comes back by itself while the others keep their process, and {@code bin/run} with parts
 * missing starts only those; a part that exits while starting ends bin/run with its reason. Needs the services' jars
 * (mvn install) and the databases of bin/db-setup.
 */
@ResourceLock(Lanes.OWN_STACKS)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RunSupervisionTest {

    /** A bound for a broken supervisor only: a service starts in seconds, after a 2 s backoff. */
    private static final Duration COMES_BACK = Duration.ofMinutes(2);
    /**
     * A bound for a hung bin/run only: longer than its own (120 s for each part to be ready, in turn), so that a part
     * that does not start is told by bin/run's own message, and a slow machine starting five JVMs beside another
     * lane's stack is not taken for a broken one.
     */
    private static final Duration BIN_RUN_BOUND = Duration.ofMinutes(12);
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private Path runDir;
    private int offset;
    private Map<String, String> env;

    @BeforeAll
    void startDetached() throws IOException {
        runDir = Files.createTempDirectory("xs2a-run-test");
        offset = freeOffset();
        env = Map.of("XS2A_RUN_DIR", runDir.toString(), "XS2A_PORT_OFFSET", String.valueOf(offset),
                "XS2A_DB_PREFIX", "xs2a_runtest_", "XS2A_NO_INSTALL", "1");
        Repo.Result started = run("--detach");
        assertEquals(0, started.exitCode(), started.stdout() + started.stderr() + logs());
        assertTrue(started.stdout().contains("The gateway is up"), started.stdout());
    }

    @AfterAll
    void stop() {
        if (env != null) {
            run("stop");
        }
    }

    @Test
    void aKilledPartComesBackAloneAndBinRunStartsOnlyWhatIsMissing() throws IOException {
        long bank = pid("aspsp-sandbox");
        long consent = pid("consent-service");
        long ingress = pid("ingress");

        ProcessHandle.of(bank).orElseThrow().destroyForcibly(); // SIGKILL
        long restarted = Eventually.within(COMES_BACK, "aspsp-sandbox started again by the supervisor",
                () -> pidOrZero("aspsp-sandbox"), pid -> pid != 0 && pid != bank);
        Eventually.within(COMES_BACK, "aspsp-sandbox ready again", () -> ready(8090 + offset), ok -> ok);

        assertEquals(consent, pid("consent-service"), "consent-service kept running, the same process");
        assertEquals(ingress, pid("ingress"), "the ingress kept running, the same process");
        assertTrue(ProcessHandle.of(consent).map(ProcessHandle::isAlive).orElse(false));
        String console = Files.readString(runDir.resolve("logs/supervisor.log"));
        assertTrue(console.contains("aspsp-sandbox exited (code 137); restarting in 2 s — previous log kept as "
                + runDir.resolve("logs/aspsp-sandbox.log.1")), console);
        assertTrue(Files.readString(runDir.resolve("logs/aspsp-sandbox.log.1")).contains("started in"),
                "the killed run's log, kept");

        // without its supervisor and with payment-service gone, bin/run starts those two and nothing else
        ProcessHandle.of(pid("supervisor")).orElseThrow().destroyForcibly();
        long payment = pid("payment-service");
        ProcessHandle.of(payment).orElseThrow().destroyForcibly();
        Eventually.within(COMES_BACK, "payment-service gone", () -> ProcessHandle.of(payment).isPresent(), alive -> !alive);
        Repo.Result again = run("--detach");
        assertEquals(0, again.exitCode(), again.stdout() + again.stderr() + logs());
        assertNotEquals(payment, pid("payment-service"));
        assertEquals(consent, pid("consent-service"));
        assertEquals(restarted, pid("aspsp-sandbox"));
        assertEquals(ingress, pid("ingress"));
    }

    /** The bank's status events go to this gateway's own consent- and payment-service, on their moved ports. */
    @Test
    void theBanksStatusEventsGoToTheServicesOfThisGateway() throws IOException {
        String environment = new String(Files.readAllBytes(Path.of("/proc/" + pid("aspsp-sandbox") + "/environ")),
                java.nio.charset.StandardCharsets.UTF_8).replace('\0', '\n');
        for (String expected : List.of(
                "SANDBOX_EVENTS_CONSENT_URL=http://localhost:" + (8082 + offset) + "/internal/v1/bank-events",
                "SANDBOX_EVENTS_PAYMENT_URL=http://localhost:" + (8084 + offset) + "/internal/v1/bank-events")) {
            assertTrue(environment.lines().anyMatch(expected::equals), expected + " in " + environment);
        }
    }

    /** The services' own role, which owns the databases bin/db-setup makes. */
    private static final String OWNER = "postgresql://xs2a:xs2a@localhost:5432/postgres";

    /** bin/db-setup makes a prefix's databases, so that bin/run under a new XS2A_DB_PREFIX starts at once. */
    @Test
    void aNewDatabasePrefixGetsItsDatabases() {
        String prefix = "xs2a_prefix_probe_";
        Repo.Result setUp = Repo.runWithEnv(List.of("bash", Repo.path("bin/db-setup").toString()),
                Map.of("XS2A_DB_PREFIX", prefix));
        try {
            assertEquals(0, setUp.exitCode(), setUp.stdout() + setUp.stderr());
            Repo.Result listed = Repo.run(List.of("psql", OWNER, "-qtAc",
                    "select datname from pg_database where datname like '" + prefix + "%' order by 1"));
            assertEquals(List.of(prefix + "account", prefix + "aspsp", prefix + "consent", prefix + "payment",
                    prefix + "registration"), listed.stdout().lines().toList(), listed.stderr());
        } finally {
            for (String service : List.of("account", "aspsp", "consent", "payment", "registration")) {
                Repo.run(List.of("psql", OWNER, "-qc",
                        "drop database if exists " + prefix + service));
            }
        }
    }

    /**
     * A part that exits while starting ends bin/run at once with that part's ERROR lines, everything it started
     * stopped: here every service refuses a misspelt setting of the environment (a second bin/run beside the first, on
     * ports and databases of its own).
     */
    @Test
    void aPartThatExitsWhileStartingEndsBinRunWithItsReason() throws IOException {
        Path failingRun = Files.createTempDirectory("xs2a-run-fail");
        int failingOffset = freeOffset();
        Repo.Result refused = Repo.runWithEnv(List.of(Repo.path("bin/run").toString(), "--detach"), Map.of(
                "XS2A_RUN_DIR", failingRun.toString(), "XS2A_PORT_OFFSET", String.valueOf(failingOffset),
                "XS2A_DB_PREFIX", "xs2a_runfail_", "XS2A_NO_INSTALL", "1", "PSD2_TASKS_POLL_EVRY", "1S"),
                BIN_RUN_BOUND);
        assertEquals(1, refused.exitCode(), refused.stdout() + refused.stderr());
        assertTrue(refused.stderr().contains("exited during start (its ERROR lines above; its whole log: "
                + failingRun.resolve("logs")), refused.stderr());
        assertTrue(refused.stderr().contains("Environment variable PSD2_TASKS_POLL_EVRY is not a setting"),
                refused.stderr());
        // the bank it had started is stopped: none of its ports is left listening
        Eventually.within(COMES_BACK, "the failed run's parts stopped",
                () -> IntStream.rangeClosed(8080, 8090).anyMatch(port -> inUse(failingOffset + port)), used -> !used);
    }

    private Repo.Result run(String argument) {
        try {
            return Repo.runWithEnv(List.of(Repo.path("bin/run").toString(), argument), env, BIN_RUN_BOUND);
        } catch (IllegalStateException e) {
            throw new IllegalStateException(e.getMessage() + logs(), e);
        }
    }

    /** The last lines of every log of the run, for a failure's message. */
    private String logs() {
        StringBuilder told = new StringBuilder();
        try (Stream<Path> files = Files.list(runDir.resolve("logs"))) {
            for (Path log : files.sorted().toList()) {
                List<String> lines = Files.readAllLines(log);
                told.append("\n--- ").append(log.getFileName()).append(" (last lines):\n")
                        .append(String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size())));
            }
        } catch (IOException | UncheckedIOException e) {
            told.append("\n(no logs: ").append(e.getMessage()).append(')');
        }
        return told.toString();
    }

    private long pid(String part) {
        long pid = pidOrZero(part);
        assertNotEquals(0, pid, "no process id of " + part);
        return pid;
    }

    private long pidOrZero(String part) {
        try {
            return Long.parseLong(Files.readString(runDir.resolve("pids/" + part + ".pid")).strip());
        } catch (IOException | NumberFormatException e) {
            return 0;
        }
    }

    private static boolean ready(int port) {
        HttpRequest probe = HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/q/health/ready"))
                .timeout(Duration.ofSeconds(2)).build();
        try {
            return HTTP.send(probe, HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** An offset under which bin/run's eleven ports (8080 to 8090) are all free. */
    private static int freeOffset() {
        for (int offset = 20_000; offset < 40_000; offset += 100) {
            int base = offset;
            if (IntStream.rangeClosed(8080, 8090).noneMatch(port -> inUse(base + port))) {
                return offset;
            }
        }
        throw new IllegalStateException("no free range of ports for bin/run");
    }

    private static boolean inUse(int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 200);
            return true;
        } catch (IOException e) {
            return false;
        } catch (RuntimeException e) {
            throw new UncheckedIOException(new IOException(e));
        }
    }
}
