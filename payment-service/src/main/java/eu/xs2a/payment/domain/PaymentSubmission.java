package eu.xs2a.payment.domain;

import eu.xs2a.payment.aspsp.BankAccountRef;
import eu.xs2a.payment.aspsp.BankBulkEntry;
import eu.xs2a.payment.aspsp.BankPaymentOrder;
import eu.xs2a.payment.aspsp.BankStandingOrder;
import eu.xs2a.payment.aspsp.BankPort;
import eu.xs2a.payment.aspsp.BankSubmission;
import eu.xs2a.payment.config.PaymentConfig;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.sca.ScaApproach;
import eu.xs2a.platform.task.ClaimedTask;
import eu.xs2a.platform.task.RunResult;
import eu.xs2a.platform.task.Task;
import eu.xs2a.platform.task.TaskHandler;
import eu.xs2a.platform.task.TaskOutcome;
import eu.xs2a.platform.task.TaskQueue;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.jboss.logging.Logger;

/**
 * Task {@value PaymentTasks#SUBMISSION}: hands a payment the bank has not acknowledged to the bank, with the payment's
 * id as idempotency key, so that a repeated submission (a retry, a run again after a crash) is the same bank payment.
 * The payment is read in a short transaction (the initiation has it at hand), the bank called with none, and its
 * answer applied under the row lock ({@link PaymentLedger}) in the transaction that ends the task. The initiation
 * (holding the task it enqueued), and the PSU following the link of a payment not at the bank yet, run it at once on
 * their own thread ({@link #attemptNow}); the task runtime retries it with backoff while the bank cannot be reached.
 */
@ApplicationScoped
public class PaymentSubmission implements TaskHandler {

    private static final Logger LOG = Logger.getLogger(PaymentSubmission.class);
    /** ISO 20022 reason "narrative": the bank refused the order at submission (the detail is in the log). */
    private static final String REFUSED_BY_BANK = "NARR";

    /**
     * Set while a request runs the submission on its own thread ({@link #attemptNow}), to hold the bank's refusal (the
     * request answers with it, announced ({@link PaymentLedger.RefusedAtInitiation}) in the transaction that rejects
     * the payment) and the bank's message for the PSU when a decoupled SCA started. The poller's runs find it unset.
     */
    private static final ThreadLocal<RequestAttempt> REQUEST = new ThreadLocal<>();

    private static final class RequestAttempt {
        /** The payment the initiation has just stored, so that its submission need not read it again; else null. */
        private Payment stored;
        private Psd2Exception refusal;
        private String psuMessage;
        /** The payment as the bank's acknowledgement left it, so the request need not read it again. */
        private Payment submitted;
    }

    /** The payment after a request's attempt, and the bank's message for the PSU (a decoupled push went out), or null. */
    public record Attempt(Payment payment, String psuMessage) {
    }

    @Inject PaymentLedger ledger;
    @Inject BankPort bank;
    @Inject TaskQueue tasks;
    @Inject PaymentUrls urls;
    @Inject PaymentConfig config;

    @Override
    public String type() {
        return PaymentTasks.SUBMISSION;
    }

    /**
     * A request's own attempt, on its thread, once the transaction that enqueued the task has committed. {@code
     * counted}: the task's first attempt (the initiation's, or the PSU's link that enqueued it), which backs off like
     * any other when it fails; else an extra attempt the PSU asked for, which leaves the task's backoff as it was.
     *
     * @return the payment as it is now (submitted, or not yet: the bank cannot be reached, or another worker is
     *         submitting it at this moment), with the bank's message for the PSU when a decoupled SCA started
     * @throws Psd2Exception ServiceInvalid: the bank refused the payment, which is RJCT now
     */
    public Attempt attemptNow(Payment payment, boolean counted) {
        String subject = payment.resourceId();
        return attempt(payment, new RequestAttempt(),
                () -> counted ? tasks.runNow(type(), subject) : tasks.tryNow(type(), subject));
    }

    /**
     * The initiation's attempt of the submission task it enqueued claimed ({@link PaymentLedger.Created#submission}),
     * once the transaction that stored {@code payment} has committed. As {@link #attemptNow(Payment, boolean)}
     * otherwise.
     */
    public Attempt attemptNow(ClaimedTask task, Payment payment) {
        RequestAttempt attempt = new RequestAttempt();
        attempt.stored = payment;
        return attempt(payment, attempt, () -> tasks.run(task));
    }

    private Attempt attempt(Payment payment, RequestAttempt attempt, Supplier<RunResult> run) {
        REQUEST.set(attempt);
        RunResult result;
        try {
            result = run.get();
        } finally {
            REQUEST.remove();
        }
        if (attempt.refusal != null) {
            throw attempt.refusal;
        }
        LOG.debugf("Payment %s: submission attempted by the request (%s)", payment.resourceId(), result);
        return new Attempt(attempt.submitted != null ? attempt.submitted : ledger.get(payment.id()),
                attempt.psuMessage);
    }

    @Override
    public TaskOutcome run(Task task) {
        RequestAttempt request = REQUEST.get();
        Payment payment = request != null && request.stored != null ? request.stored : PaymentTasks.payment(ledger, task);
        if (payment == null || !payment.awaitsSubmission()) {
            return TaskOutcome.done(); // submitted meanwhile, or ended here (cancelled, rejected) before the bank had it
        }
        long paymentId = payment.id();
        BankPaymentOrder order = bankOrder(payment);
        BankSubmission submission;
        try {
            submission = bank.submit(payment.providerCode(), order);
        } catch (Psd2Exception e) {
            if (e.errorClass() == ErrorClass.SERVICE_UNAVAILABLE) {
                return TaskOutcome.targetUnreachable(e.getMessage());
            }
            LOG.warnf("Payment %s refused by the bank: %s", payment.resourceId(), e.getMessage());
            QuarkusTransaction.requiringNew().run(() -> {
                ledger.rejectAtSubmission(paymentId, REFUSED_BY_BANK, request != null ? e : null);
                tasks.doneHere(task);
            });
            if (request != null) {
                request.refusal = e;
            }
            return TaskOutcome.done();
        }
        Payment submitted = QuarkusTransaction.requiringNew().call(() -> {
            Payment recorded = ledger.recordSubmission(paymentId, submission);
            tasks.doneHere(task);
            return recorded;
        });
        if (request != null) {
            request.psuMessage = submission.psuMessage();
            request.submitted = submitted;
        }
        return TaskOutcome.done();
    }

    /**
     * Still not at the bank {@code psd2.tasks.type.payment-submission.give-up-after} after the task was enqueued:
     * rejected as the authorisation deadline does ({@link StatusCheck}), with any copy the bank may hold withdrawn.
     */
    @Override
    public void givenUp(Task task, String reason) {
        Payment payment = PaymentTasks.payment(ledger, task);
        if (payment != null) {
            ledger.rejectUnauthorised(payment.id(), StatusCheck.NOT_AUTHORISED_IN_TIME);
        }
    }

    private BankPaymentOrder bankOrder(Payment payment) {
        if (payment.isBulk()) {
            return bankBulkOrder(payment);
        }
        PaymentOrder order = ledger.order(payment);
        return new BankPaymentOrder(payment.resourceId(), config.bankProduct(payment.paymentProduct()),
                payment.tppId(), payment.tppName(), bankRef(order.debtorAccount()), order.creditorName(),
                bankRef(order.creditorAccount()), address(order), order.creditorAgent(), order.creditorAgentName(),
                amount(order), order.remittanceInformationUnstructured(), order.endToEndIdentification(),
                order.requestedExecutionDate() == null ? null : order.requestedExecutionDate().toString(),
                payment.psuId(), urls.callback(payment, payment.callbackState()),
                payment.decoupledAtSubmission() ? ScaApproach.DECOUPLED.name() : null, null, null,
                BankStandingOrder.of(payment.standingOrder()), payment.psuContext(),
                payment.tppBrand(), payment.rejectionNoFundsPreferred());
    }

    /** A bulk: the debtor and date once, each credit transfer in {@code payments} (BANK-API.md "Bulk payments"). */
    private BankPaymentOrder bankBulkOrder(Payment payment) {
        BulkOrder bulk = ledger.bulkOrder(payment);
        List<BankBulkEntry> entries = bulk.payments().stream()
                .map(e -> new BankBulkEntry(e.creditorName(), bankRef(e.creditorAccount()), address(e),
                        e.creditorAgent(), e.creditorAgentName(), amount(e), e.remittanceInformationUnstructured(),
                        e.endToEndIdentification()))
                .toList();
        return new BankPaymentOrder(payment.resourceId(), config.bankProduct(payment.paymentProduct()),
                payment.tppId(), payment.tppName(), bankRef(bulk.debtorAccount()), null, null, null, null, null, null,
                null, null, bulk.requestedExecutionDate() == null ? null : bulk.requestedExecutionDate().toString(),
                payment.psuId(), urls.callback(payment, payment.callbackState()),
                payment.decoupledAtSubmission() ? ScaApproach.DECOUPLED.name() : null, bulk.batchBooking(), entries,
                null, payment.psuContext(), payment.tppBrand(), payment.rejectionNoFundsPreferred());
    }

    private static Map<String, String> amount(PaymentOrder order) {
        return Map.of("currency", order.instructedAmount().currency(), "amount", order.instructedAmount().amount());
    }

    private static Map<String, String> address(PaymentOrder order) {
        if (order.creditorAddress() == null) {
            return null;
        }
        Map<String, String> address = new LinkedHashMap<>();
        PostalAddress a = order.creditorAddress();
        putIfPresent(address, "streetName", a.streetName());
        putIfPresent(address, "buildingNumber", a.buildingNumber());
        putIfPresent(address, "townName", a.townName());
        putIfPresent(address, "postCode", a.postCode());
        putIfPresent(address, "country", a.country());
        return address;
    }

    private static BankAccountRef bankRef(AccountRef ref) {
        return ref == null ? null : new BankAccountRef(ref.iban(), ref.bban(), ref.currency());
    }

    private static void putIfPresent(Map<String, String> map, String key, String value) {
        if (value != null) {
            map.put(key, value);
        }
    }
}
