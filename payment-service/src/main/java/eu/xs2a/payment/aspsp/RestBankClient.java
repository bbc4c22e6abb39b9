package eu.xs2a.payment.aspsp;

import eu.xs2a.platform.bank.BankClient;
import eu.xs2a.platform.bank.BankClients;
import eu.xs2a.platform.bank.BankRefusals;
import eu.xs2a.platform.bank.BankTranslation;
import eu.xs2a.platform.bank.PsuContext;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Optional;

/**
 * {@link BankPort} over the shared bank client ({@link BankClients}: the provider's REST client and guard, the shared
 * translation of the bank's errors), plus the two codes that say more about a payment.
 */
@ApplicationScoped
public class RestBankClient implements BankPort {

    /**
     * A call that names a bank payment: the bank's 404 PAYMENT_UNKNOWN is about that payment (ResourceUnknown); any
     * other 404 names no known resource, and stays the shared table's (unavailable).
     */
    private static final BankRefusals NAMED_PAYMENT = answered -> answered.is(404, "PAYMENT_UNKNOWN")
            ? new Psd2Exception(ErrorClass.RESOURCE_UNKNOWN, "The bank does not know the payment it was asked about")
            : null;

    /** A cancellation the bank refuses with CANCELLATION_INVALID (any refusal status): CancellationInvalid. */
    private static final BankRefusals CANCELLATION = answered ->
            BankTranslation.isRefusal(answered.status()) && "CANCELLATION_INVALID".equals(answered.code())
                    ? new Psd2Exception(ErrorClass.CANCELLATION_INVALID, "The bank can no longer cancel this payment")
                    : NAMED_PAYMENT.translate(answered);

    @Inject BankClients banks;

    @Override
    public BankSubmission submit(String providerCode, BankPaymentOrder order) {
        return bank(providerCode).call("submit the payment", (api, auth) -> api.create(auth, order));
    }

    @Override
    public Optional<BankPaymentState> find(String providerCode, String idempotencyKey) {
        BankPaymentList found = bank(providerCode).call("look up the payment",
                (api, auth) -> api.find(auth, idempotencyKey));
        return found == null || found.payments() == null ? Optional.empty() : found.payments().stream().findFirst();
    }

    @Override
    public BankPaymentState fetch(String providerCode, String bankPaymentId) {
        return bank(providerCode).call("read the payment", (api, auth) -> api.get(auth, bankPaymentId),
                NAMED_PAYMENT);
    }

    @Override
    public BankCancellation cancel(String providerCode, String bankPaymentId, String returnUrl, boolean decoupled,
                                   PsuContext psuContext) {
        BankCancellationRequest body = BankCancellationRequest.of(returnUrl, decoupled, psuContext);
        return bank(providerCode).call("cancel the payment",
                (api, auth) -> api.cancel(auth, bankPaymentId, body),
                CANCELLATION);
    }

    private BankClient<BankPaymentsApi> bank(String providerCode) {
        return banks.of(providerCode, BankPaymentsApi.class);
    }
}
