package eu.xs2a.platform.kpi;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * What one service class answered in one minute, counted in memory until the next flush: requests by status,
 * cause and lateness (answered after {@code psd2.kpi.unanswered-after}), and the latency histogram. Counters are
 * taken with get-and-set, so a request counted while a flush drains is in this flush or the next, never lost or
 * counted twice.
 */
final class MinuteCounts {

    /** A drained count: requests of one status and cause. */
    record Answers(int status, Cause cause, boolean late, long requests) {
    }

    /** A drained histogram bucket. */
    record Latencies(int upperMs, long requests) {
    }

    private final Map<Integer, AtomicLong> answers = new ConcurrentHashMap<>();
    private final AtomicLongArray latencies = new AtomicLongArray(LatencyBuckets.count());

    void count(int status, Cause cause, boolean late, long latencyNanos) {
        answers.computeIfAbsent(key(status, cause, late), key -> new AtomicLong()).incrementAndGet();
        latencies.incrementAndGet(LatencyBuckets.index(latencyNanos));
    }

    List<Answers> drainAnswers() {
        List<Answers> drained = new ArrayList<>();
        answers.forEach((key, counter) -> {
            long requests = counter.getAndSet(0);
            if (requests > 0) {
                drained.add(new Answers(key / 8, Cause.values()[key % 4], key % 8 >= 4, requests));
            }
        });
        return drained;
    }

    List<Latencies> drainLatencies() {
        List<Latencies> drained = new ArrayList<>();
        for (int i = 0; i < latencies.length(); i++) {
            long requests = latencies.getAndSet(i, 0);
            if (requests > 0) {
                drained.add(new Latencies(LatencyBuckets.upperMs(i), requests));
            }
        }
        return drained;
    }

    private static int key(int status, Cause cause, boolean late) {
        return status * 8 + (late ? 4 : 0) + cause.ordinal();
    }

    /** Puts back what a failed flush had drained, to be written by the next one. */
    void restore(List<Answers> drainedAnswers, List<Latencies> drainedLatencies) {
        for (Answers a : drainedAnswers) {
            answers.computeIfAbsent(key(a.status(), a.cause(), a.late()), key -> new AtomicLong())
                    .addAndGet(a.requests());
        }
        for (Latencies l : drainedLatencies) {
            for (int i = 0; i < LatencyBuckets.count(); i++) {
                if (LatencyBuckets.upperMs(i) == l.upperMs()) {
                    latencies.addAndGet(i, l.requests());
                }
            }
        }
    }
}
