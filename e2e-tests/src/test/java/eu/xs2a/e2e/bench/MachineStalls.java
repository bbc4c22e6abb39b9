package eu.xs2a.e2e.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How often the machine itself was held up during a measurement: cyclictest (Debian's rt-tests) wakes one thread per
 * CPU every 10 ms at real-time priority and records each wake-up that came late by {@link #STALL_MICROS} or more. No
 * process of the stack can delay such a thread, so a late wake-up is the hypervisor taking the virtual CPU away, or
 * the kernel's own work; on a shared virtual machine these spells, not the gateway, made the worst p99s
 * (bench/README.md, "Latency, and the stall spells"). It costs about 200 wake-ups a second.
 *
 * <p>Without cyclictest, or without the right to real-time priority (bin/bench installs rt-tests when it runs as
 * root), the report says "not measured": at normal priority the thread would wait behind the load and measure it.
 */
final class MachineStalls {

    /** Late by this much, a wake-up counts as a stall: 40% of the p99 target of 25 ms. */
    static final long STALL_MICROS = 10_000;
    static final int PRIORITY = 50;
    private static final long INTERVAL_MICROS = 10_000;
    private static final String COMMAND = "cyclictest";
    /**
     * A thread's summary: {@code T: 0 (11529) P:50 I:10000 C:    499 Min:     24 Act:   65 Avg:  130 Max:   12960};
     * cyclictest pads a thread id under 10000 inside the brackets ({@code T: 0 ( 9256) P:50 ...}).
     */
    private static final Pattern THREAD = Pattern.compile("^T:\\s*\\d+\\s+\\(\\s*\\d+\\)\\s+P:\\s*(\\d+).*\\bC:\\s*(\\d+).*\\bMax:\\s*(\\d+)",
            Pattern.MULTILINE);
    /** One late wake-up of {@code --spike}: {@code T: 0 Spike:    3642: TS:   1686309071}. */
    private static final Pattern SPIKE = Pattern.compile("^T:\\s*\\d+\\s+Spike:\\s*(\\d+):", Pattern.MULTILINE);

    /** What one measurement saw: wake-ups in all, those late by {@link #STALL_MICROS} or more, the longest delay. */
    record Result(long wakeUps, long stalls, long longestMicros, String notMeasured) {

        static Result notMeasured(String why) {
            return new Result(0, 0, 0, why);
        }

        boolean measured() {
            return notMeasured == null;
        }

        /** "3 (longest 16.5 ms)", "0 (longest 2.1 ms)" or "not measured (…)". */
        @Override
        public String toString() {
            return measured() ? String.format(Locale.ROOT, "%d (longest %.1f ms)", stalls, longestMicros / 1000.0)
                    : "not measured (" + notMeasured + ")";
        }
    }

    private final Process process;
    private final Path output;
    private final int seconds;

    private MachineStalls(Process process, Path output, int seconds) {
        this.process = process;
        this.output = output;
        this.seconds = seconds;
    }

    /** Starts watching for {@code seconds}; answers a watch that reports "not measured" if cyclictest cannot run. */
    static MachineStalls watch(Path workDir, int seconds) {
        try {
            Path output = Files.createTempFile(workDir, "cyclictest-", ".txt");
            // -S: one thread per CPU, pinned; -m: no page faults on its way; --default-system: it must not switch off
            // the CPUs' power saving (/dev/cpu_dma_latency), which would change the machine being measured
            Process process = new ProcessBuilder(List.of(COMMAND, "-S", "-p", String.valueOf(PRIORITY),
                    "-i", String.valueOf(INTERVAL_MICROS), "-m", "-q", "--default-system", "-D", String.valueOf(seconds),
                    "--spike=" + STALL_MICROS, "--spike-nodes=" + maxWakeUps(seconds)))
                    .redirectErrorStream(true).redirectOutput(output.toFile()).start();
            return new MachineStalls(process, output, seconds);
        } catch (IOException e) {
            return new MachineStalls(null, null, seconds);
        }
    }

    /** Room for every wake-up to be a stall: cyclictest keeps 1,024 by default and drops the rest. */
    private static long maxWakeUps(int seconds) {
        return (seconds + 1L) * 1_000_000 / INTERVAL_MICROS * Runtime.getRuntime().availableProcessors();
    }

    /** Waits for the watch to end and reads what it saw. */
    Result result() {
        if (process == null) {
            return Result.notMeasured(COMMAND + " is not installed: apt-get install rt-tests");
        }
        try {
            if (!process.waitFor(seconds + 10L, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return Result.notMeasured(COMMAND + " did not end");
            }
            String text = Files.readString(output);
            if (process.exitValue() != 0) {
                return Result.notMeasured(COMMAND + " failed: " + firstMessage(text)
                        + " (it needs root, or an RLIMIT_RTPRIO of " + PRIORITY + ")");
            }
            return parse(text);
        } catch (IOException e) {
            return Result.notMeasured(e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Result.notMeasured("interrupted");
        }
    }

    /**
     * Reads cyclictest's quiet summary: every thread's line must show the real-time priority asked for, or the
     * figures would be the load's, not the machine's.
     */
    static Result parse(String output) {
        Matcher thread = THREAD.matcher(output);
        long wakeUps = 0;
        long longest = 0;
        int threads = 0;
        while (thread.find()) {
            threads++;
            if (Integer.parseInt(thread.group(1)) != PRIORITY) {
                return Result.notMeasured(COMMAND + " did not get real-time priority (run bin/bench as root)");
            }
            wakeUps += Long.parseLong(thread.group(2));
            longest = Math.max(longest, Long.parseLong(thread.group(3)));
        }
        if (threads == 0) {
            return Result.notMeasured(COMMAND + ": " + firstMessage(output));
        }
        Matcher spike = SPIKE.matcher(output);
        long stalls = 0;
        while (spike.find()) {
            if (Long.parseLong(spike.group(1)) >= STALL_MICROS) {
                stalls++;
            }
        }
        return new Result(wakeUps, stalls, longest, null);
    }

    /**
     * The line that says what went wrong: cyclictest may first warn about what it chose not to tune
     * ({@code WARN: not setting cpu_dma_latency from cyclictest}), which is not the reason.
     */
    private static String firstMessage(String output) {
        return output.strip().lines().filter(line -> !line.startsWith("WARN:") && !line.startsWith("#"))
                .findFirst().orElse("no output");
    }
}
