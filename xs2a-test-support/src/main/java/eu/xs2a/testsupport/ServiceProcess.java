package eu.xs2a.testsupport;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Starts another service of the gateway from its built jar (target/quarkus-app/quarkus-run.jar) on a free port
 * and waits until its readiness check is UP. Used by tests that need a real neighbour (the sandbox bank, the
 * consent lookup), by e2e-tests and by the benchmark. Not used in production code.
 */
public final class ServiceProcess implements AutoCloseable {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(90);
    /** Replaces the options of config/java-options, as it does for bin/run. */
    private static final String JVM_OPTIONS_ENV = "XS2A_JAVA_OPTS";

    /**
     * How long a JVM that records its class-data archive may take to write it after being asked to stop. JDK 25
     * assembles an AOT cache of about 120 MB in a second JVM: 15 s alone on an idle machine, twice that when the
     * machine is slow.
     */
    private static final Duration RECORDING_STOP_TIMEOUT = Duration.ofSeconds(120);
    /**
     * Taken while a recording JVM writes its archive, so that services stopped together (a stack's shutdown hooks)
     * write theirs two at a time: five at once on two cores took longer than the timeout, and every one of them was
     * killed with nothing kept; two at once took 19 s each where one alone took 15 s.
     */
    private static final Semaphore TWO_RECORDINGS_AT_A_TIME = new Semaphore(2, true);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(15);
    /** The exit status of a process killed with SIGKILL (128 + 9). */
    private static final int EXIT_KILLED = 137;
    /** The provider registry; the services' default is relative to their module folder, so it is set absolute. */
    private static final String PROVIDERS_FILE = "PSD2_PROVIDERS_FILE";
    private static final String MALLOC_ARENA_MAX = "MALLOC_ARENA_MAX";
    private static final Random RANDOM = new SecureRandom();
    /** Where freePort starts looking: above the well-known and common service ports. */
    private static final int LOWEST_PORT = 10_000;

    private final String name;
    private final Process process;
    private final int port;
    private final Path log;
    private final Instant startedAt;
    private final CdsArchive archive;

    private ServiceProcess(String name, Process process, int port, Path log, Instant startedAt, CdsArchive archive) {
        this.name = name;
        this.process = process;
        this.port = port;
        this.log = log;
        this.startedAt = startedAt;
        this.archive = archive;
    }

    /**
     * @param module  the module folder name, e.g. {@code aspsp-sandbox}
     * @param env     extra environment (QUARKUS_DATASOURCE_JDBC_URL, ...; a gateway service needs PSD2_ENVIRONMENT);
     *                QUARKUS_HTTP_PORT is set here; a null value removes the variable
     */
    public static ServiceProcess start(String module, Map<String, String> env) {
        ServiceProcess service = launch(module, env, freePort(), false);
        service.awaitReady();
        return service;
    }

    /**
     * As {@link #start}, on a PostgreSQL database of its own ({@code localhost:5432/<database>}) that Flyway empties
     * as the service starts: every test run begins from the module's migrations and seed.
     */
    public static ServiceProcess startOnCleanDatabase(String module, String database, Map<String, String> env) {
        Map<String, String> all = new HashMap<>(env);
        all.put("QUARKUS_DATASOURCE_JDBC_URL", "jdbc:postgresql://localhost:5432/" + database);
        all.put("QUARKUS_FLYWAY_CLEAN_DISABLED", "false");
        all.put("QUARKUS_FLYWAY_CLEAN_AT_START", "true");
        return start(module, all);
    }

    /**
     * As {@link #start}, and when the module has no trained class-data archive for its current build, the JVM records
     * one as it exits ({@link CdsArchive}): whatever the process did until {@link #close()} trains it. The benchmark's
     * stack starts this way, so bin/bench leaves archives that bin/run and later starts use.
     */
    public static ServiceProcess startTraining(String module, Map<String, String> env) {
        return startTraining(module, env, freePort());
    }

    /**
     * As {@link #startTraining(String, Map)}, on a port chosen beforehand: another service must know the address
     * before this one starts (the e2e stack's sandbox bank sends status events to consent- and payment-service).
     */
    public static ServiceProcess startTraining(String module, Map<String, String> env, int port) {
        ServiceProcess service = launch(module, env, port, true);
        service.awaitReady();
        return service;
    }

    /** As {@link #start(String, Map)}, on a port chosen beforehand (see {@link #startTraining(String, Map, int)}). */
    public static ServiceProcess start(String module, Map<String, String> env, int port) {
        ServiceProcess service = launch(module, env, port, false);
        service.awaitReady();
        return service;
    }

    /**
     * Starts the module on the given port and returns at once, without waiting for readiness (the benchmark measures
     * the time from here to the first answer; a stack starts its services side by side and then waits for each).
     * {@link #startedAt()} is the moment the process was started.
     */
    public static ServiceProcess launch(String module, Map<String, String> env, int port) {
        return launch(module, env, port, false);
    }

    /** As {@link #launch(String, Map, int)}, recording a class-data archive as {@link #startTraining} does. */
    public static ServiceProcess launchTraining(String module, Map<String, String> env, int port) {
        return launch(module, env, port, true);
    }

    /**
     * As {@link #launch(String, Map, int)}, from the built jars of the checkout {@code jars} (another commit's build,
     * which {@code bin/bench --compare} runs beside this one's) and with no class-data archive at all: a trained
     * archive carries method profiles that shorten the JIT's warm-up, and two builds compared after short warm-ups
     * must both start without one.
     */
    public static ServiceProcess launchWithoutArchive(Path jars, String module, Map<String, String> env, int port) {
        return launch(jarOf(jars, module), module, env, port, Archive.NONE);
    }

    /** What a launch does about its class-data archive. */
    private enum Archive { USE, TRAIN, NONE }

    private static ServiceProcess launch(String module, Map<String, String> env, int port, boolean train) {
        return launch(locate(module), module, env, port, train ? Archive.TRAIN : Archive.USE);
    }

    private static ServiceProcess launch(Path jar, String module, Map<String, String> env, int port, Archive use) {
        try {
            Path log = newLog(module);
            List<String> command = new ArrayList<>();
            command.add(javaBinary());
            Path app = jar.getParent();
            Path root = app.getParent().getParent().getParent();
            String jvmOptions = jvmOptions(root);
            command.addAll(List.of(jvmOptions.split("\\s+")));
            CdsArchive archive = use == Archive.NONE ? CdsArchive.none(app, jvmOptions)
                    : CdsArchive.choose(app, use == Archive.TRAIN, jvmOptions);
            command.addAll(archive.jvmOptions());
            command.addAll(List.of("-jar", jar.getFileName().toString()));
            // From the jar's own folder, as bin/run does: the AppCDS archive names the jar relative to it.
            ProcessBuilder builder = new ProcessBuilder(command)
                    .directory(app.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile());
            builder.environment().put(PROVIDERS_FILE, root.resolve("config/providers.properties").toString());
            builder.environment().putIfAbsent(MALLOC_ARENA_MAX, "2"); // as bin/run: fewer glibc arenas, less RSS
            // a null value removes a variable this JVM would pass on (a start without PSD2_ENVIRONMENT)
            env.forEach((key, value) -> {
                if (value == null) {
                    builder.environment().remove(key);
                } else {
                    builder.environment().put(key, value);
                }
            });
            builder.environment().put("QUARKUS_HTTP_PORT", String.valueOf(port));
            Instant startedAt = Instant.now();
            Process process = builder.start();
            ServiceProcess service = new ServiceProcess(module, process, port, log, startedAt, archive);
            Runtime.getRuntime().addShutdownHook(new Thread(service::close));
            return service;
        } catch (IOException e) {
            throw new IllegalStateException("Cannot start " + module + ": " + e.getMessage(), e);
        }
    }

    /**
     * A new log file for one start: in the test module's {@code target/service-logs}, beside its test reports and
     * gone with the next clean build (a whole suite starts services hundreds of times); in the temporary folder only
     * when there is no {@code target/} to keep it in.
     */
    private static Path newLog(String module) throws IOException {
        Path target = Path.of("target").toAbsolutePath();
        if (!Files.isDirectory(target)) {
            return Files.createTempFile(module + "-", ".log");
        }
        return Files.createTempFile(Files.createDirectories(target.resolve("service-logs")), module + "-", ".log");
    }

    /**
     * The JVM options the services run with, the same as bin/run's so that tests and the benchmark run them the way
     * users do: XS2A_JAVA_OPTS, else the repository's config/java-options.
     */
    public static String jvmOptions(Path repositoryRoot) {
        String fromEnvironment = System.getenv(JVM_OPTIONS_ENV);
        if (fromEnvironment != null && !fromEnvironment.isBlank()) {
            return fromEnvironment.trim();
        }
        try {
            return String.join(" ", Files.readAllLines(repositoryRoot.resolve("config/java-options")).stream()
                    .map(String::trim).filter(line -> !line.isEmpty() && !line.startsWith("#")).toList());
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read config/java-options", e);
        }
    }

    /**
     * A local port free now and outside the kernel's ephemeral range, so that no outgoing connection (to PostgreSQL,
     * between services, from wrk) can take it before the service that was given it binds it. Falls back to a port the
     * kernel picks when the range cannot be read.
     */
    public static int freePort() {
        int high = firstEphemeralPort() - 1;
        for (int attempt = 0; attempt < 200 && high > LOWEST_PORT; attempt++) {
            int candidate = LOWEST_PORT + RANDOM.nextInt(high - LOWEST_PORT);
            try (ServerSocket socket = new ServerSocket(candidate)) {
                return socket.getLocalPort();
            } catch (IOException taken) {
                // try another
            }
        }
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The lowest port the kernel gives outgoing connections (Linux), or 0 when it cannot be read. */
    static int firstEphemeralPort() {
        // read by line: Files.readString trusts the size procfs reports and may return only the first bytes
        try (BufferedReader range = Files.newBufferedReader(Path.of("/proc/sys/net/ipv4/ip_local_port_range"))) {
            return Integer.parseInt(range.readLine().trim().split("\\s+")[0]);
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    public Instant startedAt() {
        return startedAt;
    }

    /** The operating system's process id (the benchmark reads its CPU time and RSS from /proc). */
    public long pid() {
        return process.pid();
    }

    public String name() {
        return name;
    }

    /** The class-data archive the process started with (see {@link #startTraining}), for reports. */
    public String classDataArchive() {
        return archive.describe();
    }

    /** Whether the JVM records its class-data archive (a training run) rather than starting with one. */
    public boolean recordsClassDataArchive() {
        return archive.records();
    }

    public int port() {
        return port;
    }

    public String baseUrl() {
        return "http://localhost:" + port;
    }

    public Path log() {
        return log;
    }

    /** Stops the service (SIGTERM, then SIGKILL if it does not exit in time) and keeps the archive it recorded. */
    @Override
    public synchronized void close() {
        if (!process.isAlive()) {
            archive.finish(process.exitValue() != EXIT_KILLED);
            return;
        }
        if (archive.records()) {
            TWO_RECORDINGS_AT_A_TIME.acquireUninterruptibly();
            try {
                stop(RECORDING_STOP_TIMEOUT);
            } finally {
                TWO_RECORDINGS_AT_A_TIME.release();
            }
        } else {
            stop(STOP_TIMEOUT);
        }
    }

    /**
     * Kills the service as a crash does: SIGKILL (kill -9), so no shutdown hook, no graceful stop of its jobs, no
     * transaction finished; PostgreSQL rolls back what it had open once the connections drop. Returns once the
     * process is gone. The fault tests kill a service in the middle of a call to the bank this way.
     */
    public synchronized void kill() {
        // ProcessHandle.destroyForcibly is SIGKILL on Linux (destroy is SIGTERM)
        process.toHandle().destroyForcibly();
        try {
            process.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while " + name + " was being killed", e);
        }
        if (process.exitValue() != EXIT_KILLED) {
            throw new IllegalStateException(name + " ended with " + process.exitValue() + ", not by SIGKILL");
        }
    }

    private void stop(Duration timeout) {
        process.destroy();
        boolean exitedByItself = false;
        try {
            exitedByItself = process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (!exitedByItself) {
            // the JVM that assembles an AOT cache is a child of the service's: left alone, it would write its file
            // after nobody is waiting for it
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            try {
                process.waitFor();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        archive.finish(exitedByItself);
    }

    /** Waits until the service's readiness check is UP; fails with the log's path if it exits or takes too long. */
    public void awaitReady() {
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
        HttpRequest ready = HttpRequest.newBuilder(URI.create(baseUrl() + "/q/health/ready"))
                .timeout(Duration.ofSeconds(2)).build();
        Instant deadline = Instant.now().plus(START_TIMEOUT);
        while (Instant.now().isBefore(deadline)) {
            if (!process.isAlive()) {
                throw new IllegalStateException(name + " exited during start; see " + log);
            }
            try {
                if (client.send(ready, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return;
                }
            } catch (IOException e) {
                // not listening yet
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            sleep();
        }
        close();
        throw new IllegalStateException(name + " did not become ready within " + START_TIMEOUT + "; see " + log);
    }

    /**
     * Waits for a service that is meant to refuse to start to exit by itself, and returns its exit status; fails
     * (and stops it) if it is still running after {@code timeout}.
     */
    public int awaitExit(Duration timeout) {
        try {
            if (process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                return process.exitValue();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        close();
        throw new IllegalStateException(name + " did not exit within " + timeout + "; see " + log);
    }

    /**
     * Walks up from the working directory to the repository root and finds the module's built jar.
     */
    private static Path locate(String module) {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null) {
            Path jar = dir.resolve(module).resolve("target/quarkus-app/quarkus-run.jar");
            if (Files.exists(jar)) {
                return jar;
            }
            dir = dir.getParent();
        }
        throw new IllegalStateException(module + " is not built: run `mvn -DskipTests install -pl " + module
                + "` (bin/test builds every module before the tests that start it)");
    }

    /** The module's built jar in the checkout {@code jars}. */
    private static Path jarOf(Path jars, String module) {
        Path jar = jars.toAbsolutePath().resolve(module).resolve("target/quarkus-app/quarkus-run.jar");
        if (!Files.exists(jar)) {
            throw new IllegalStateException(module + " is not built in " + jars);
        }
        return jar;
    }

    private static String javaBinary() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    private static void sleep() {
        try {
            Thread.sleep(250);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
