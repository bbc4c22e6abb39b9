package eu.xs2a.sandbox.domain;

import eu.xs2a.sandbox.config.SandboxConfig;
import eu.xs2a.sandbox.persistence.PaymentRepository;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.LocalDate;
import org.jboss.logging.Logger;

/**
 * Settles accepted payments (ACSP → ACSC) once {@code sandbox.settlement-delay} has passed since authorisation
 * and the requested execution date has come. Rows are locked and checked again once locked, so overlapping runs
 * or several instances never settle a payment twice.
 */
@ApplicationScoped
public class SettlementJob {

    private static final Logger LOG = Logger.getLogger(SettlementJob.class);
    private static final int BATCH = 50;

    @Inject
    PaymentRepository payments;

    @Inject
    PaymentService paymentService;

    @Inject
    SandboxConfig config;

    @Inject
    Clock clock;

    // not while the application starts or stops (the database may already be gone)
    @Scheduled(every = "${sandbox.settlement-interval:1s}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP,
            skipExecutionIf = Scheduled.ApplicationNotRunning.class)
    @Transactional
    void settleDuePayments() {
        for (Payment payment : payments.lockDueForSettlement(clock.instant().minus(config.settlementDelay()), LocalDate.now(clock), BATCH)) {
            paymentService.settle(payment);
            LOG.debugf("settled payment %s", payment.id);
        }
    }
}
