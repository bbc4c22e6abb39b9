package eu.xs2a.platform.kpi;

import jakarta.annotation.Priority;
import jakarta.enterprise.inject.Alternative;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/** The test app's latency clock: it stands still, and a request of {@link KpiTrafficResource} moves it on. */
@Alternative
@Priority(1)
@Singleton
public class TestTicker extends KpiTicker {

    private final AtomicLong nanos = new AtomicLong();

    @Override
    public long nanos() {
        return nanos.get();
    }

    void advance(Duration by) {
        nanos.addAndGet(by.toNanos());
    }
}
