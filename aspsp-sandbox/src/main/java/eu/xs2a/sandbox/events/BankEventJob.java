package eu.xs2a.sandbox.events;

import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Retries undelivered status events (and sends those no immediate attempt was made for) every
 * {@code sandbox.events.retry-interval}. Safe with several instances: each claim takes rows with SKIP LOCKED and
 * leases them.
 */
@ApplicationScoped
public class BankEventJob {

    @Inject BankEventDelivery delivery;

    // not while the application starts or stops (the database may already be gone)
    @Scheduled(every = "${sandbox.events.retry-interval:1s}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP,
            skipExecutionIf = Scheduled.ApplicationNotRunning.class)
    void deliverDue() {
        delivery.deliverDue();
    }
}
