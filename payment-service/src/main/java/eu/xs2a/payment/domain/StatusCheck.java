package eu.xs2a.payment.domain;

import eu.xs2a.payment.aspsp.BankPaymentState;
import eu.xs2a.payment.aspsp.BankPort;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.task.Task;
import eu.xs2a.platform.task.TaskHandler;
import eu.xs2a.platform.task.TaskOutcome;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import org.jboss.logging.Logger;

/**
 * Task {@value PaymentTasks#STATUS}, one check of one payment, enqueued by the status polling job
 * ({@link StatusPolling}): asks the bank about a payment that may still change there and takes over its view (the
 * payment read in a short transaction, the bank asked with none, its view applied under the row lock, where {@link
 * Payment#followBank} ignores a stale one), then rejects a payment still unauthorised past its authorisation deadline,
 * after that last word of the bank (it has the last word on an authorisation that did happen). A bank that cannot be
 * asked is asked again after the task runtime's backoff; a deadline is never applied without its answer.
 */
@ApplicationScoped
public class StatusCheck implements TaskHandler {

    /** ISO 20022 MS03, "reason not specified" given by an agent: there is no code for an authorisation never given. */
    static final String NOT_AUTHORISED_IN_TIME = "MS03";

    private static final Logger LOG = Logger.getLogger(StatusCheck.class);

    @Inject PaymentLedger ledger;
    @Inject BankPort bank;
    @Inject SettlementHorizon settlementHorizon;
    @Inject Clock clock;

    @Override
    public String type() {
        return PaymentTasks.STATUS;
    }

    @Override
    public TaskOutcome run(Task task) {
        Payment payment = PaymentTasks.payment(ledger, task);
        if (payment == null) {
            return TaskOutcome.done();
        }
        long paymentId = payment.id();
        if (payment.isSubmitted() && !payment.transactionStatus().isFinal()
                && !settlementHorizon.isPast(payment, clock.instant())) {
            BankPaymentState state;
            try {
                state = bank.fetch(payment.providerCode(), payment.bankPaymentId());
            } catch (Psd2Exception e) {
                return PaymentTasks.bankFailed("the bank could not be asked about the payment: " + e.getMessage(), e);
            }
            payment = ledger.applyBankState(paymentId, state);
        }
        if (ledger.isPastAuthorisationDeadline(payment, clock.instant())
                && ledger.rejectUnauthorised(paymentId, NOT_AUTHORISED_IN_TIME).transactionStatus()
                == TransactionStatus.RJCT) {
            LOG.infof("Payment %s was not authorised within its deadline: RJCT", payment.resourceId());
        }
        return TaskOutcome.done();
    }
}
