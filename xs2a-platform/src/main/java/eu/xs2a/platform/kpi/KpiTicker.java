package eu.xs2a.platform.kpi;

import jakarta.inject.Singleton;

/**
 * Where request latencies are read from: {@link System#nanoTime()}. A bean of its own so that a test can replace it
 * ({@code @Alternative}) and give requests exact latencies without waiting for them.
 */
@Singleton
public class KpiTicker {

    public long nanos() {
        return System.nanoTime();
    }
}
