package eu.xs2a.payment.aspsp;

import eu.xs2a.platform.bank.PsuContext;
import java.util.Optional;

/**
 * The bank, in payment-service's words. Implementations throw {@code Psd2Exception}: ServiceUnavailable when the
 * bank cannot be reached or answers too slowly, ServiceInvalid when it refuses (CancellationInvalid when it says
 * the payment can no longer be cancelled), ResourceUnknown when {@link #fetch} or {@link #cancel} name a payment the
 * bank says it does not know.
 */
public interface BankPort {

    /** Hands a payment to the bank. Idempotent: the same {@code idempotencyKey} never creates a second bank payment. */
    BankSubmission submit(String providerCode, BankPaymentOrder order);

    /**
     * The bank's payment submitted with {@code idempotencyKey}, if any: how the gateway finds a copy whose submission
     * answer it never got (the bank timed out, the service stopped), so that a payment that ended here meanwhile
     * (cancelled, or rejected at its authorisation deadline) has that copy withdrawn.
     */
    Optional<BankPaymentState> find(String providerCode, String idempotencyKey);

    /** The bank's current view of a payment. */
    BankPaymentState fetch(String providerCode, String bankPaymentId);

    /**
     * Asks the bank to cancel a payment; the PSU may have to authorise the cancellation, at {@code scaUrl}, through the
     * TPP, or ({@code decoupled}) in the bank's app, where the bank pushes it at once. {@code psuContext}: the PSU's
     * context of the TPP's request, or null (the gateway's own withdrawal).
     */
    BankCancellation cancel(String providerCode, String bankPaymentId, String returnUrl, boolean decoupled,
                            PsuContext psuContext);
}
