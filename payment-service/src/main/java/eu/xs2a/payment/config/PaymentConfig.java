package eu.xs2a.payment.config;

import io.smallrye.config.ConfigMapping;
import java.time.Duration;

/** payment-service settings (application.properties, section "Payments"). */
@ConfigMapping(prefix = "payment")
public interface PaymentConfig {

    /** Base URL the PSU's browser and the TPP see (the ingress); prefixes scaRedirect and the bank's return URL. */
    String publicBaseUrl();

    /** How long a one-time scaRedirect link stays usable. */
    Duration scaLinkValidity();

    /**
     * The bank's name for a payment product where it differs from the gateway's (the interface's generic
     * {@code service-payment} is a SEPA credit transfer at the bank); products not listed keep their name.
     */
    java.util.Map<String, String> bankProducts();

    Submission submission();

    Withdrawal withdrawal();

    StatusPolling statusPolling();

    Jobs jobs();

    /** Schedules of the two jobs (read by their {@code @Scheduled} expressions). */
    interface Jobs {
        String submissionEvery();

        String statusEvery();

        String initialDelay();
    }

    /** Forwarding payments the bank did not acknowledge at initiation. */
    interface Submission {
        /** Delay before the job first retries a payment whose inline submission is still running or failed. */
        Duration firstRetryAfter();

        /** Upper bound of the exponential back-off between attempts. */
        Duration maxBackoff();

        int batchSize();
    }

    /**
     * Withdrawing the bank's copy of a payment cancelled while it was being submitted (retried by the submission job,
     * with the submission's back-off: {@code first-retry-after} doubling up to {@code max-backoff}).
     */
    interface Withdrawal {
        /** Attempts before the gateway gives up (one ERROR line; the row stays ABANDONED for an operator). */
        int maxAttempts();
    }

    /** Following non-final payments at the bank. */
    interface StatusPolling {
        /** A payment is asked about again once its last check is older than this. */
        Duration minInterval();

        /**
         * A payment nobody has authorised (RCVD) is polled only while it saw activity within this window; after
         * that only TPP reads and the PSU's return ask the bank, so abandoned payments do not pile up in the job.
         */
        Duration unauthorisedWindow();

        /**
         * A payment still unauthorised (RCVD) this long after its initiation is rejected (RJCT) and its open
         * authorisations fail: no link to authorise it lasts that long, and a TPP waiting for a final status gets one.
         */
        Duration authorisationDeadline();

        int batchSize();

        /**
         * An executed payment (ACSC, settled on the debtor's account) is asked about at most this often, for ACCC
         * (settled on the creditor's account): the creditor's bank may take until the next business day, and many banks
         * never report it.
         */
        Duration settledInterval();

        /**
         * How long after reaching ACSC a payment is still asked about for ACCC, by the polling job and by TPP reads
         * (domain.SettlementHorizon); after that its stored ACSC is the answer and the bank is not asked any more.
         * Bounds the work a bank that never reports ACCC causes.
         */
        Duration settlementHorizon();
    }
}
