package eu.xs2a.account.config;

import eu.xs2a.platform.bank.GuardConfig;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import io.smallrye.config.WithParentName;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.PositiveOrZero;
import java.time.Duration;
import org.hibernate.validator.constraints.time.DurationMax;
import org.hibernate.validator.constraints.time.DurationMin;

/** Where consent-service's lookup endpoint is and how account-service authenticates to it. */
@ConfigMapping(prefix = "psd2.consent-lookup")
public interface ConsentLookupConfig {

    /** Base URL of consent-service (the lookup path is appended). */
    @WithDefault("http://localhost:8082")
    String url();

    @WithDefault("1S")
    @DurationMin(nanos = 0, inclusive = false)
    Duration connectTimeout();

    @WithDefault("3S")
    @DurationMin(nanos = 0, inclusive = false)
    Duration readTimeout();

    /**
     * A connection is not reused after this long, so that new consent-service replicas get their share of the calls
     * (a Kubernetes Service balances connections, not requests).
     */
    @WithDefault("60S")
    @DurationMin(nanos = 0, inclusive = false)
    Duration connectionTimeToLive();

    /**
     * The lookup's bulkhead and circuit breaker ({@code max-concurrent-calls}, also the connection pool's size;
     * {@code circuit-breaker.*}), the same keys and defaults as a bank's.
     */
    @WithParentName
    GuardConfig guard();

    /**
     * How long consent-service's yes to a PSU-present question (never counted) is reused for the same question, so
     * that a PSU's burst of reads asks once. Off by default (0: asked every time), because while it is reused a
     * consent revoked, deleted (even by the TPP itself) or expired meanwhile can still be read; at most 1 s, the
     * gateway's bound for revocations.
     */
    @WithDefault("0S")
    @DurationMin(nanos = 0) @DurationMax(seconds = 1)
    Duration presentAnswersFor();

    /** At most this many such answers are kept (the least used go first). */
    @WithDefault("10000")
    @Positive
    int presentAnswersKept();

    /** Retry-After sent with the 503 when consent-service cannot be reached. */
    @WithDefault("5")
    @PositiveOrZero
    int retryAfterSeconds();

    Token token();

    interface Token {
        @WithDefault("xs2a-gateway")
        String issuer();

        @WithDefault("consent-service")
        String audience();

        /** The caller named in the token's subject. */
        @WithDefault("account-service")
        String subject();

        @WithDefault("5M")
        @DurationMin(nanos = 0, inclusive = false)
        Duration lifetime();

        /** A cached token is replaced this long before it expires. */
        @WithDefault("1M")
        @DurationMin(nanos = 0)
        Duration renewBefore();
    }
}
