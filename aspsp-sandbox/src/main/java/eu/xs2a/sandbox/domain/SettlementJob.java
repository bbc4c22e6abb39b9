package eu.xs2a.sandbox.domain;

import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import org.jboss.logging.Logger;

/**
 * Settles accepted payments (ACSP → ACSC) on a schedule; which ones are due is the payment service's rule. Rows are
 * locked and checked again once locked, so overlapping runs or several instances never settle a payment twice.
 */
@ApplicationScoped
public class SettlementJob {

    private static final Logger LOG = Logger.getLogger(SettlementJob.class);
    private static final int BATCH = 50;

    @Inject
    PaymentService paymentService;

    // not while the application starts or stops (the database may already be gone)
    @Scheduled(every = "${sandbox.settlement-interval:1s}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP,
            skipExecutionIf = Scheduled.ApplicationNotRunning.class)
    @Transactional
    void settleDuePayments() {
        for (Payment payment : paymentService.settleDue(BATCH)) {
            LOG.debugf("settled payment %s", payment.id);
        }
    }
}
