package eu.xs2a.payment.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithName;
import jakarta.validation.constraints.Positive;
import java.time.Duration;
import org.hibernate.validator.constraints.time.DurationMin;

/** payment-service settings (application.properties, section "Payments"). */
@ConfigMapping(prefix = "payment")
public interface PaymentConfig {

    /** Base URL the PSU's browser and the TPP see (the ingress); prefixes scaRedirect and the bank's return URL. */
    String publicBaseUrl();

    /** How long a one-time scaRedirect link stays usable. */
    @DurationMin(nanos = 0, inclusive = false)
    Duration scaLinkValidity();

    /**
     * The bank's name for a payment product where it differs from the gateway's (the interface's generic
     * {@code service-payment} is a SEPA credit transfer at the bank); products not listed keep their name.
     */
    java.util.Map<String, String> bankProducts();

    /** The product the bank runs a payment of this product as ({@link #bankProducts()}), by default the same. */
    default String bankProduct(String paymentProduct) {
        return bankProducts().getOrDefault(paymentProduct, paymentProduct);
    }

    @WithName("status-polling") // spelled out: Bean Validation's messages name a group by its Java name
    StatusPolling statusPolling();

    Bulk bulk();

    /** Bulk payments ({@code /v1/bulk-payments/…}). */
    interface Bulk {
        /** The most credit transfers one bulk may hold. */
        @io.smallrye.config.WithDefault("100")
        @Positive
        int maxSize();
    }

    Jobs jobs();

    /**
     * Schedule of the status polling job (read by its {@code @Scheduled} expression), which enqueues status checks;
     * the tasks themselves run on the task runtime's poller ({@code psd2.tasks.*}).
     */
    interface Jobs {
        String statusEvery();

        String initialDelay();

        /**
         * A payment that may still change at the bank is asked about once the gateway has not heard from the bank
         * about it (an answer or a status event, column {@code bank_heard_at}) for this long.
         */
        @DurationMin(nanos = 0, inclusive = false)
        Duration staleAfter();
    }

    /** Following non-final payments at the bank. */
    interface StatusPolling {
        /**
         * A payment nobody has authorised (RCVD) is polled only while it saw activity within this window; after
         * that only TPP reads and the PSU's return ask the bank, so abandoned payments do not pile up in the job.
         */
        @DurationMin(nanos = 0, inclusive = false)
        Duration unauthorisedWindow();

        /**
         * A payment still unauthorised (RCVD) this long after its initiation is rejected (RJCT) and its open
         * authorisations fail: no link to authorise it lasts that long, and a TPP waiting for a final status gets one.
         */
        @DurationMin(nanos = 0, inclusive = false)
        Duration authorisationDeadline();

        /** Status checks one round of the job enqueues at most. */
        @Positive
        int batchSize();

        /**
         * An executed payment (ACSC, settled on the debtor's account) is asked about at most this often, for ACCC
         * (settled on the creditor's account): the creditor's bank may take until the next business day, and many banks
         * never report it.
         */
        @DurationMin(nanos = 0, inclusive = false)
        Duration settledInterval();

        /**
         * How long after reaching ACSC a payment is still asked about for ACCC, by the polling job and by TPP reads
         * (domain.SettlementHorizon); after that its stored ACSC is the answer and the bank is not asked any more.
         * Bounds the work a bank that never reports ACCC causes.
         */
        @DurationMin(nanos = 0)
        Duration settlementHorizon();
    }
}
