package eu.xs2a.payment.config;

import io.smallrye.config.ConfigMapping;
import java.time.Duration;
import java.time.ZoneId;

/** payment-service settings (application.properties, section "Payments"). */
@ConfigMapping(prefix = "payment")
public interface PaymentConfig {

    /** Base URL the PSU's browser and the TPP see (the ingress); prefixes scaRedirect and the bank's return URL. */
    String publicBaseUrl();

    /** How long a one-time scaRedirect link stays usable. */
    Duration scaLinkValidity();

    /** The zone in which "today" is decided for requestedExecutionDate. */
    ZoneId executionZone();

    /**
     * The bank's name for a payment product where it differs from the gateway's (the interface's generic
     * {@code service-payment} is a SEPA credit transfer at the bank); products not listed keep their name.
     */
    java.util.Map<String, String> bankProducts();

    Submission submission();

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
    }
}
