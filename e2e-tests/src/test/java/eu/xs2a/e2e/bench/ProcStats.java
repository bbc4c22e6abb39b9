package eu.xs2a.e2e.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** CPU time and resident memory of processes, read from /proc (Linux). */
final class ProcStats {

    /** USER_HZ: /proc reports CPU time in clock ticks of 10 ms on every Linux this runs on. */
    private static final long MICROS_PER_TICK = 10_000;
    private static final String C1_COMPILER = "C1 CompilerThre";
    private static final String C2_COMPILER = "C2 CompilerThre";

    private ProcStats() {
    }

    /**
     * User plus system CPU time of the processes and of their children that have exited, in microseconds. The
     * children count because PostgreSQL's backends come and go: an exited backend's time moves into the postmaster's.
     * Processes that have exited themselves count zero.
     */
    static long cpuMicros(List<Long> pids) {
        long total = 0;
        for (long pid : pids) {
            try {
                String stat = Files.readString(Path.of("/proc", String.valueOf(pid), "stat"));
                // fields after the command name, which may contain spaces: state is field 3, utime 14, stime 15,
                // cutime 16 and cstime 17 (the children waited for)
                String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                long ticks = Long.parseLong(fields[11]) + Long.parseLong(fields[12])
                        + Long.parseLong(fields[13]) + Long.parseLong(fields[14]);
                total += ticks * MICROS_PER_TICK;
            } catch (IOException e) {
                // exited
            }
        }
        return total;
    }

    /**
     * CPU time of the JIT compiler threads of the JVMs ({@code C1 CompilerThread<n>}, {@code C2 CompilerThread<n>};
     * the kernel keeps the first 15 characters of a thread's name), in microseconds. A compiler thread that the JVM
     * has let go (it adds and removes them with the queue) no longer counts, so this can only err low.
     */
    static long jitCpuMicros(List<Long> pids) {
        long total = 0;
        for (long pid : pids) {
            try (var threads = Files.list(Path.of("/proc", String.valueOf(pid), "task"))) {
                for (Path thread : threads.toList()) {
                    String name = Files.readString(thread.resolve("comm")).trim();
                    if (name.startsWith(C1_COMPILER) || name.startsWith(C2_COMPILER)) {
                        String stat = Files.readString(thread.resolve("stat"));
                        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                        total += (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) * MICROS_PER_TICK;
                    }
                }
            } catch (IOException e) {
                // the process or the thread exited
            }
        }
        return total;
    }

    /** Resident set size in MiB (VmRSS), or -1 when the process is gone. */
    static double rssMiB(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", String.valueOf(pid), "status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("\\D", "")) / 1024.0;
                }
            }
        } catch (IOException e) {
            // exited
        }
        return -1;
    }
}
