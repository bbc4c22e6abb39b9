package eu.xs2a.platform.bank;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import io.smallrye.config.WithName;
import io.smallrye.config.WithParentName;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.PositiveOrZero;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import org.hibernate.validator.constraints.time.DurationMin;

/**
 * How the gateway guards its calls to the banks (docs/ARCHITECTURE.md "Bank port"): one bulkhead and one circuit
 * breaker per provider, with these defaults, which {@code psd2.bank-client.provider.<code>.*} overrides for one
 * provider. The bank's URL, timeouts and credential stay in the provider registry ({@code psd2.providers.<code>.*}).
 */
@ConfigMapping(prefix = "psd2.bank-client")
public interface BankClientConfig {

    /** Retry-After of the 503 the TPP gets when its bank cannot be reached, failed, or its circuit is open. */
    @WithDefault("5")
    @PositiveOrZero
    int retryAfterSeconds();

    /** Every provider's guard unless it sets its own: {@code psd2.bank-client.max-concurrent-calls} etc. */
    @WithParentName
    GuardConfig defaults();

    /** A provider's own guard settings, each optional, by provider code. */
    Map<String, ProviderGuard> provider();

    /** The same keys as {@link GuardConfig}, for one provider. */
    interface ProviderGuard {

        @Positive
        OptionalInt maxConcurrentCalls();

        @WithName("circuit-breaker") // spelled out: Bean Validation's messages name a group by its Java name
        CircuitBreaker circuitBreaker();

        interface CircuitBreaker {
            @Positive
            OptionalInt requestVolume();

            @DecimalMin("0") @DecimalMax("1")
            OptionalDouble failureRatio();

            Optional<@DurationMin(nanos = 0) Duration> delay();

            @Positive
            OptionalInt successThreshold();
        }
    }

    /** The guard settings of one provider: its own where it sets them, else the defaults. */
    default GuardSettings settingsOf(String providerCode) {
        GuardSettings defaults = GuardSettings.of(defaults());
        ProviderGuard own = provider().get(providerCode);
        return own == null ? defaults : defaults.with(own);
    }
}
