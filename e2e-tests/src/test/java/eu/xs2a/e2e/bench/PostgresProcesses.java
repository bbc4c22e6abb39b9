package eu.xs2a.e2e.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The processes of the PostgreSQL server a stack uses (bin/bench) or two stacks share (bin/bench --compare), told
 * apart by the database each backend serves: its process title names it ({@code postgres: xs2a xs2a_compare_a_consent 127.0.0.1(41234) idle}).
 * Found from the server's own answer (a backend's pid, whose parent is the postmaster), not by command name, which
 * would also take another PostgreSQL server of the machine.
 */
final class PostgresProcesses {

    private final long postmaster;

    private PostgresProcesses(long postmaster) {
        this.postmaster = postmaster;
    }

    /** The server behind {@code jdbcUrl}. */
    static PostgresProcesses of(String jdbcUrl) {
        try (Connection connection = DriverManager.getConnection(jdbcUrl, "xs2a", "xs2a");
             Statement statement = connection.createStatement();
             ResultSet backend = statement.executeQuery("select pg_backend_pid()")) {
            backend.next();
            long pid = backend.getLong(1);
            long parent = ProcessHandle.of(pid).flatMap(ProcessHandle::parent).map(ProcessHandle::pid)
                    .orElseThrow(() -> new IllegalStateException("PostgreSQL's backend " + pid + " is not visible in /proc"));
            return new PostgresProcesses(parent);
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException("Cannot reach PostgreSQL at " + jdbcUrl + ": " + e.getMessage(), e);
        }
    }

    /** Every process of the server: the postmaster (with the time of its exited backends) and its children. */
    List<Long> all() {
        List<Long> pids = new ArrayList<>(List.of(postmaster));
        pids.addAll(children());
        return pids;
    }

    /**
     * The server's processes but the backends of the other stack: the postmaster (with the time of its exited
     * backends), its writers and the backends of the stack measured.
     */
    List<Long> withoutBackendsOf(String otherDatabasePrefix) {
        List<Long> pids = new ArrayList<>(List.of(postmaster));
        for (long child : children()) {
            if (!serves(title(child), otherDatabasePrefix)) {
                pids.add(child);
            }
        }
        return pids;
    }

    /** The backends serving the databases of a stack. */
    List<Long> backendsOf(String databasePrefix) {
        return children().stream().filter(child -> serves(title(child), databasePrefix)).toList();
    }

    /** Whether a PostgreSQL process title names a database of the prefix (a backend's or an autovacuum worker's). */
    static boolean serves(String processTitle, String databasePrefix) {
        String[] words = processTitle.trim().split("\\s+");
        for (int i = 1; i < words.length; i++) {
            if (words[i].startsWith(databasePrefix)) {
                return true;
            }
        }
        return false;
    }

    private List<Long> children() {
        return ProcessHandle.of(postmaster).map(p -> p.children().map(ProcessHandle::pid).toList()).orElse(List.of());
    }

    private static String title(long pid) {
        try {
            return new String(Files.readAllBytes(Path.of("/proc", String.valueOf(pid), "cmdline")), StandardCharsets.UTF_8)
                    .replace('\0', ' ');
        } catch (IOException e) {
            return ""; // exited
        }
    }
}
