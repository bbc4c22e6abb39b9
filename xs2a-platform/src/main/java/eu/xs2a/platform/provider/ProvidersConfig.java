package eu.xs2a.platform.provider;

import eu.xs2a.platform.sca.ScaApproach;
import eu.xs2a.platform.validation.TextCharset;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.PositiveOrZero;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.hibernate.validator.constraints.time.DurationMin;

/** The provider registry (config/providers.properties, a ConfigMap in Kubernetes). */
@ConfigMapping(prefix = "psd2.providers")
public interface ProvidersConfig {

    /** Providers by code, e.g. {@code sandbox}. */
    @io.smallrye.config.WithParentName
    Map<String, Provider> all();

    interface Provider {
        String name();

        /** Base URL of the bank's API (aspsp-sandbox in the sandbox). */
        String bankUrl();

        /** The service credential the gateway presents to the bank. */
        String bankCredential();

        /**
         * The name of the Quarkus TLS configuration ({@code quarkus.tls.<name>.*}) for an {@code https} bank URL:
         * the trust store that verifies the bank's server certificate and, for mutual TLS, the key store with the
         * gateway's client certificate. Without it, an {@code https} bank is verified against the default trust
         * (the JVM's CAs) and no client certificate is sent. A name that is not configured stops the service at
         * start.
         */
        Optional<String> tlsConfigurationName();

        @WithDefault("1S")
        @DurationMin(nanos = 0, inclusive = false)
        Duration connectTimeout();

        @WithDefault("3S")
        @DurationMin(nanos = 0, inclusive = false)
        Duration readTimeout();

        List<String> paymentProducts();

        /**
         * The SCA approaches the provider offers: any of {@code REDIRECT}, {@code EMBEDDED}, {@code DECOUPLED} (in any
         * case); another value stops the service at start.
         */
        @WithDefault("REDIRECT")
        List<ScaApproach> scaApproaches();

        @WithDefault("4")
        @Positive
        int maxFrequencyPerDay();

        @WithDefault("180")
        @Positive
        int maxConsentValidityDays();

        /**
         * How many days after its own today the provider's bank takes a future-dated payment: a requestedExecutionDate
         * (or a periodic payment's startDate) later than that is refused at once as EXECUTION_DATE_INVALID, instead of
         * a payment that waits at the bank for years. Default 365, a year ahead as banks commonly allow.
         */
        @WithDefault("365")
        @PositiveOrZero
        int maxExecutionDaysAhead();

        /**
         * The bank's own time zone: its calendar day decides a consent's last valid day and per-day access count, a
         * payment's requested execution date, and a transaction report's default dateTo. Required, since no zone is
         * right for every bank and a wrong one moves those days by hours.
         */
        ZoneId timeZone();

        /**
         * The characters a TPP's free text (names, addresses, remittance information) may hold for this provider:
         * {@code unicode} (default; anything but control and format characters) or {@code sepa} (the EPC's SEPA basic
         * set), for a bank that takes no more. Refused at once as a FormatError naming the field and the position.
         */
        @WithDefault("unicode")
        TextCharset textCharset();

        /**
         * The largest amount, in euro, the provider takes as one instant SEPA credit transfer (the scheme's or the
         * bank's own limit); a larger one is refused at once as a FormatError. Absent: no limit.
         */
        Optional<@Positive BigDecimal> instantMaxAmount();

        /**
         * The OAuth SCA approach (docs/ARCHITECTURE.md "OAuth SCA approach"): a redirect consent or payment answers
         * {@code _links.scaOAuth} (the provider's OAuth metadata) instead of {@code scaRedirect}; the TPP runs the
         * authorization code flow with the scope {@code AIS:<consentId>} / {@code PIS:<paymentId>}, and account
         * data of such a consent needs that token as {@code Authorization: Bearer}. Default false.
         */
        @WithDefault("false")
        boolean oauthSca();

        /**
         * The OAuth pre-step: every AIS and PIS call needs {@code Authorization: Bearer} with a PSU's access token of
         * this provider's OAuth server issued to the calling TPP. Default false.
         */
        @WithDefault("false")
        boolean oauthPreStep();
    }
}
