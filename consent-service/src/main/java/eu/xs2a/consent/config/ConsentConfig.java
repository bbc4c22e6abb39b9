package eu.xs2a.consent.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import io.smallrye.config.WithName;
import jakarta.validation.constraints.Positive;
import java.time.Duration;
import org.hibernate.validator.constraints.time.DurationMin;

/** consent-service settings (section "Consents" of application.properties). */
@ConfigMapping(prefix = "consent")
public interface ConsentConfig {

    /** validUntil when the TPP sends none (90 days; docs/ARCHITECTURE.md "State machines"). */
    @WithDefault("90")
    @Positive
    int defaultValidityDays();

    /**
     * Account references one list of an AIS consent's access may hold at most (accounts, balances, transactions,
     * additionalInformation.ownerName, each): a PSU has a few accounts, and every lookup reads the whole access.
     */
    @WithDefault("200")
    @Positive
    int maxAccountReferences();

    /**
     * Lifetime of the one-time scaRedirect link, from the bank's registration of the consent (the link does not run
     * out while the consent waits for the bank).
     */
    @WithDefault("10M")
    @DurationMin(nanos = 0, inclusive = false)
    Duration scaLinkTtl();

    /** A consent without finished SCA this long after creation is rejected. */
    @WithDefault("24H")
    @DurationMin(nanos = 0, inclusive = false)
    Duration scaDeadline();

    /** Consents one transaction of the expiry job handles at most. */
    @WithDefault("100")
    @Positive
    int jobBatchSize();

    /** Polling the bank for consents it has told nothing of (docs/ARCHITECTURE.md "Bank status events and polling"). */
    @WithName("bank-sync") // spelled out: Bean Validation's messages name a group by its Java name
    BankSync bankSync();

    interface BankSync {
        /**
         * A registered consent awaiting SCA or valid of which the bank has answered or sent nothing for this long is
         * asked about ({@code GET /bank/v1/consents/{id}}).
         */
        @WithDefault("5M")
        @DurationMin(nanos = 0, inclusive = false)
        Duration staleAfter();

        /** How often the job looks for such consents ("off" disables it). */
        @WithDefault("30s")
        String every();
    }

    /** Job intervals (read by the @Scheduled expressions; "off" disables a job). */
    Jobs jobs();

    interface Jobs {
        @WithDefault("60s")
        String expiryEvery();

        /**
         * Pause after start before the job first runs: on two cores, jobs starting with the service slowed its
         * first answers by a few hundred ms (bench/README.md, "What has moved the numbers so far").
         */
        @WithDefault("5s")
        String initialDelay();
    }
}
