package eu.xs2a.e2e.faults;

import eu.xs2a.e2e.support.Repository;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The local PostgreSQL server the stacks run on, stopped and started for real: the Debian cluster (pg_lsclusters,
 * pg_ctlcluster) that bin/db-setup starts, found by its port. Stopped with {@code -m fast} (open connections are cut,
 * as when the server goes away); whoever stops it starts it again in a finally, and the JVM's shutdown hook starts
 * it again if a run is cut short, so no stopped server is left behind for the next test or a neighbour.
 */
final class LocalPostgres {

    /** How long the server may take to accept connections again after its start; a bound for a broken machine. */
    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);

    private final String version;
    private final String cluster;
    private final int port;
    private volatile Thread restartAtExit;

    private LocalPostgres(String version, String cluster, int port) {
        this.version = version;
        this.cluster = cluster;
        this.port = port;
    }

    /** The local cluster serving {@code port}, if this machine runs PostgreSQL as a Debian cluster. */
    static Optional<LocalPostgres> onPort(int port) {
        String clusters;
        try {
            clusters = Repository.run(List.of("pg_lsclusters", "--no-header"));
        } catch (IllegalStateException e) {
            return Optional.empty(); // no Debian cluster tools: PostgreSQL runs elsewhere (DATABASE_URL)
        }
        // "15  main    5432 online postgres /var/lib/postgresql/15/main /var/log/..."
        return clusters.lines().map(line -> line.trim().split("\\s+"))
                .filter(columns -> columns.length >= 3 && columns[2].equals(String.valueOf(port)))
                .map(columns -> new LocalPostgres(columns[0], columns[1], port))
                .findFirst();
    }

    /** Stops the server, cutting every open connection; returns once it has stopped. */
    synchronized void stop() {
        if (restartAtExit == null) {
            restartAtExit = new Thread(this::start, "restart-postgresql");
            Runtime.getRuntime().addShutdownHook(restartAtExit);
        }
        Repository.run(List.of("pg_ctlcluster", "--skip-systemctl-redirect", version, cluster, "stop", "-m", "fast"));
    }

    /** Starts the server (if it is not running) and returns once it accepts connections. */
    synchronized void start() {
        if (!running()) {
            Repository.run(List.of("pg_ctlcluster", "--skip-systemctl-redirect", version, cluster, "start"));
        }
        Instant deadline = Instant.now().plus(START_TIMEOUT);
        while (!accepting()) {
            if (Instant.now().isAfter(deadline)) {
                throw new IllegalStateException("PostgreSQL " + version + "/" + cluster + " accepts no connection "
                        + START_TIMEOUT.toSeconds() + " s after its start");
            }
            pause();
        }
    }

    boolean running() {
        return Repository.run(List.of("pg_lsclusters", "--no-header", version, cluster)).contains("online");
    }

    private boolean accepting() {
        try (Connection ignored = DriverManager.getConnection("jdbc:postgresql://localhost:" + port + "/postgres",
                "xs2a", "xs2a")) {
            return true;
        } catch (SQLException e) {
            return false;
        }
    }

    @Override
    public String toString() {
        return "PostgreSQL " + version + "/" + cluster + " on port " + port;
    }

    private static void pause() {
        try {
            Thread.sleep(200);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
