package eu.xs2a.platform.kpi;

/**
 * The fixed latency histogram of the KPIs: a request counts in the first bucket whose upper bound (milliseconds) it
 * does not exceed, or in the overflow bucket above the last. A percentile is read as the upper bound of the bucket
 * that holds its rank: exact to the bucket, never lower than the true value, and the buckets of every minute, service
 * and replica add up.
 */
public final class LatencyBuckets {

    /** Upper bounds in milliseconds; fine where the interface answers, coarse around the 30 s of "unanswered". */
    static final int[] UPPER_MS = {5, 10, 25, 50, 75, 100, 150, 200, 300, 500, 750, 1000, 1500, 2000, 3000, 5000,
        7500, 10000, 15000, 20000, 30000, 60000, 120000};
    /** The overflow bucket's bound as stored in {@code kpi_latency.upper_ms}: above the last bound. */
    public static final int OVERFLOW = Integer.MAX_VALUE;

    private LatencyBuckets() {
    }

    /** The number of buckets, overflow included. */
    static int count() {
        return UPPER_MS.length + 1;
    }

    /** The bucket of a latency in nanoseconds. */
    static int index(long nanos) {
        long micros = nanos / 1000;
        for (int i = 0; i < UPPER_MS.length; i++) {
            if (micros <= UPPER_MS[i] * 1000L) {
                return i;
            }
        }
        return UPPER_MS.length;
    }

    /** The stored upper bound of bucket {@code index}. */
    static int upperMs(int index) {
        return index < UPPER_MS.length ? UPPER_MS[index] : OVERFLOW;
    }
}
