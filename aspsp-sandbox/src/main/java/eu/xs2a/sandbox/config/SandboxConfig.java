package eu.xs2a.sandbox.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import io.smallrye.config.WithName;
import jakarta.validation.constraints.Positive;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.ZoneId;
import java.util.Map;
import java.util.Optional;
import org.hibernate.validator.constraints.time.DurationMin;

/** Everything the simulated bank can be tuned with (application.properties, prefix {@code sandbox}). */
@ConfigMapping(prefix = "sandbox")
public interface SandboxConfig {

    /** The shared secret the gateway sends as {@code Authorization: Bearer ...} on every bank API call. */
    @WithDefault("sandbox-service-credential")
    String serviceCredential();

    /**
     * How long every bank call touching psu-slow's resources, and every account data call of psu-slow-data, sleeps
     * (longer than the gateway's read timeout).
     */
    @WithDefault("5S")
    @DurationMin(nanos = 0)
    Duration slowDelay();

    /**
     * Whether {@code PUT /bank/v1/clock} may move the bank's clock (BANK-API.md "Bank clock"), so that a test sees a
     * standing order's later occurrences executed. Never on in a real deployment.
     */
    @WithDefault("false")
    boolean clockControl();

    /**
     * How long an authorised payment the funds do not cover waits for them when its TPP preferred that
     * (TPP-Rejection-NoFunds-Preferred false), checked by the settlement job; then it is rejected (AM04).
     */
    @WithDefault("4H")
    @DurationMin(nanos = 0, inclusive = false)
    Duration fundsWait();

    /** How long an accepted payment (ACSP) waits before the settlement job books it (ACSC). */
    @WithDefault("3S")
    @DurationMin(nanos = 0)
    Duration settlementDelay();

    /** How often the settlement job looks for due payments (read by the job's @Scheduled expression). */
    @WithDefault("1s")
    String settlementInterval();

    /**
     * The bank's own time zone: its calendar day decides whether a consent's validUntil or a payment's requested
     * execution date is past, and when a dated payment is booked. The gateway's provider registry names the same zone
     * for the providers this bank stands behind ({@code psd2.providers.<code>.time-zone}), so both agree on "today".
     */
    ZoneId timeZone();

    /** Absolute base URL of the PSU pages as a browser reaches them; absent: the base URL of the bank API call. */
    Optional<String> publicUrl();

    /**
     * How long after its approval the bank revokes a consent of psu-revoked-later (RevokedLaterJob), through the same
     * revocation and status event as the PSU's own revoke in online banking.
     */
    @WithDefault("60S")
    @DurationMin(nanos = 0)
    Duration revokedLaterDelay();

    /** How often the job that revokes them looks for due consents (read by the job's @Scheduled expression). */
    @WithDefault("1s")
    String revokedLaterInterval();

    /** How long after the push the sandbox's app answers a decoupled SCA (approves; psu-decoupled-deny's denies). */
    @WithDefault("3S")
    @DurationMin(nanos = 0)
    Duration decoupledDelay();

    /** How often the app's job looks for due pushes (read by the job's @Scheduled expression). */
    @WithDefault("1s")
    String decoupledInterval();

    /**
     * The bank's exchange rates, units of a currency per euro (USD 1.0850: one euro buys 1.085 dollars): a cross-border
     * credit transfer in a currency listed here is debited in euro at this rate; in any other, it is rejected (AM03).
     */
    Map<String, @Positive BigDecimal> fxRates();

    Sca sca();

    Events events();

    @WithName("online-banking") // spelled out: Bean Validation's messages name a group by its Java name
    OnlineBanking onlineBanking();

    Login login();

    interface Sca {
        /** How long an SCA link works after it was issued. */
        @WithDefault("10M")
        @DurationMin(nanos = 0, inclusive = false)
        Duration linkValidity();

        /** The one-time code every sandbox PSU (except psu-fail) receives. */
        @WithDefault("123456")
        String otp();

        /** Wrong codes allowed before the authorisation fails. */
        @WithDefault("3")
        @Positive
        int otpAttempts();
    }

    /** Status events to the gateway (BANK-API.md "Status events"; BankEventDelivery). */
    interface Events {
        /** Off: nothing is sent; the events stay in the outbox, undelivered. */
        @WithDefault("true")
        boolean enabled();

        /** Where consent events go: consent-service's receiver. */
        @WithDefault("http://localhost:8082/internal/v1/bank-events")
        String consentUrl();

        /** Where payment events go: payment-service's receiver. */
        @WithDefault("http://localhost:8084/internal/v1/bank-events")
        String paymentUrl();

        /** Attempts per event, the first one included; then it is given up with one log line. */
        @WithDefault("10")
        @Positive
        int maxAttempts();

        /**
         * Connect and answer timeout of one delivery. Short: the PSU's revoke page waits for the first attempt, and
         * the gateway's polling is the safety net for an event that did not get through.
         */
        @WithDefault("2S")
        @DurationMin(nanos = 0, inclusive = false)
        Duration timeout();

        /** The first retry's delay; each further one doubles it, up to {@link #backoffCap()}. */
        @WithDefault("2S")
        @DurationMin(nanos = 0, inclusive = false)
        Duration backoffBase();

        @WithDefault("5M")
        @DurationMin(nanos = 0, inclusive = false)
        Duration backoffCap();

        /** How often undelivered events are looked for (read by the job's @Scheduled expression). */
        @WithDefault("1s")
        String retryInterval();
    }

    interface OnlineBanking {
        /** How long an online-banking login lasts. */
        @WithDefault("30M")
        @DurationMin(nanos = 0, inclusive = false)
        Duration sessionValidity();
    }

    /** A PSU's password, on the SCA pages and in online banking alike. */
    interface Login {
        /** Wrong passwords in a row that lock a PSU's login. */
        @WithDefault("5")
        @Positive
        int maxFailures();

        /** How long a locked login stays locked (even the right password is refused meanwhile). */
        @WithDefault("15M")
        @DurationMin(nanos = 0, inclusive = false)
        Duration lockDuration();
    }
}
