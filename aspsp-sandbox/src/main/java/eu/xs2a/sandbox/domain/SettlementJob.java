package eu.xs2a.sandbox.domain;

import eu.xs2a.sandbox.events.BankEventDelivery;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import org.jboss.logging.Logger;

/**
 * Settles accepted payments (ACSP → ACSC), decides the payments waiting for funds and executes the standing orders'
 * due occurrences on a schedule; which ones are due is the payment service's rule. Rows are
 * locked and checked again once locked, so overlapping runs or several instances never settle a payment twice. Once
 * a batch committed, the gateway is told of each settlement (BANK-API.md "Status events").
 */
@ApplicationScoped
public class SettlementJob {

    private static final Logger LOG = Logger.getLogger(SettlementJob.class);
    private static final int BATCH = 50;

    @Inject PaymentService paymentService;
    @Inject BankEventDelivery events;

    // not while the application starts or stops (the database may already be gone)
    @Scheduled(every = "${sandbox.settlement-interval:1s}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP,
            skipExecutionIf = Scheduled.ApplicationNotRunning.class)
    void settleDuePayments() {
        List<String> settled = QuarkusTransaction.requiringNew()
                .call(() -> paymentService.settleDue(BATCH).stream().map(p -> p.id).toList());
        for (String id : settled) {
            LOG.debugf("settled payment %s", id);
            events.deliverNow(id);
        }
        // payments waiting for funds: accepted once covered, rejected once their wait is over
        List<String> decided = QuarkusTransaction.requiringNew()
                .call(() -> paymentService.retryAwaitingFunds(BATCH).stream().map(p -> p.id).toList());
        decided.forEach(events::deliverNow);
        // standing orders: each due occurrence, in its own transaction; the gateway hears of those that ended
        List<String> ended = QuarkusTransaction.requiringNew()
                .call(() -> paymentService.executeDueOccurrences(BATCH).stream().map(p -> p.id).toList());
        ended.forEach(events::deliverNow);
    }
}
