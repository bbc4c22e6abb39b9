package eu.xs2a.platform.bank;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import io.smallrye.config.WithParentName;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * How the gateway guards its calls to the banks (docs/ARCHITECTURE.md "Bank port"): one bulkhead and one circuit
 * breaker per provider, with these defaults, which {@code psd2.bank-client.provider.<code>.*} overrides for one
 * provider. The bank's URL, timeouts and credential stay in the provider registry ({@code psd2.providers.<code>.*}).
 */
@ConfigMapping(prefix = "psd2.bank-client")
public interface BankClientConfig {

    /** Retry-After of the 503 the TPP gets when its bank cannot be reached, failed, or its circuit is open. */
    @WithDefault("5")
    int retryAfterSeconds();

    /** Every provider's guard unless it sets its own: {@code psd2.bank-client.max-concurrent-calls} etc. */
    @WithParentName
    GuardConfig defaults();

    /** A provider's own guard settings, each optional, by provider code. */
    Map<String, ProviderGuard> provider();

    /** The same keys as {@link GuardConfig}, for one provider. */
    interface ProviderGuard {

        OptionalInt maxConcurrentCalls();

        CircuitBreaker circuitBreaker();

        interface CircuitBreaker {
            OptionalInt requestVolume();

            OptionalDouble failureRatio();

            Optional<Duration> delay();

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
