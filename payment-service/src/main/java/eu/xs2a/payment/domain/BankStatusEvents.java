package eu.xs2a.payment.domain;

import eu.xs2a.payment.aspsp.BankPaymentState;
import eu.xs2a.payment.persistence.PaymentRepository;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.provider.ProviderRegistry;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.util.List;
import java.util.Set;
import org.jboss.logging.Logger;

/**
 * The bank's payment status events (docs/ARCHITECTURE.md "Payment status events"). The bank proves itself with the
 * credential the gateway presents to it ({@code bank-credential} in the provider registry), and an event reaches only
 * the payments of the providers with that credential. An event is applied as the status check applies the bank's
 * answer ({@link PaymentLedger#applyBankState}, where {@link Payment#followBank} takes a forward move and ignores a
 * repeat or a status already passed), so a replayed, duplicated or late event changes nothing and needs no record of
 * its own: the payment's state machine is the idempotency.
 */
@ApplicationScoped
public class BankStatusEvents {

    private static final Logger LOG = Logger.getLogger(BankStatusEvents.class);

    @Inject ProviderRegistry providers;
    @Inject PaymentRepository payments;
    @Inject PaymentLedger ledger;

    /** The providers whose bank sent this {@code Authorization} header; none → AccessDenied 401, before the event is read. */
    public Set<String> providersOf(String authorization) {
        return providers.banksAuthorizedBy(authorization);
    }

    /**
     * Applies the event to the payment these providers' bank knows as its {@code bankPaymentId}; none →
     * ResourceUnknown 404. A status the payment has passed, or its current one, is ignored (and still answered 204).
     */
    @Transactional
    public void apply(Set<String> providerCodes, BankStatusEvent event) {
        List<Long> ids = payments.byBankPaymentId(providerCodes, event.bankPaymentId());
        if (ids.isEmpty()) {
            throw new Psd2Exception(ErrorClass.RESOURCE_UNKNOWN, "No payment is known as bankPaymentId '"
                    + event.bankPaymentId() + "'");
        }
        BankPaymentState reported = new BankPaymentState(event.bankPaymentId(), event.status(), null,
                event.statusReason(), null, null, null, null, null);
        for (long id : ids) {
            // read under the row lock the ledger takes: no state read before it could be stale
            Payment now = ledger.applyBankState(id, reported);
            LOG.infof("Bank status event %s (occurred %s): payment %s reported %s, is %s", event.eventId(),
                    event.occurredAt(), now.resourceId(), event.status(), now.transactionStatus());
        }
    }
}
