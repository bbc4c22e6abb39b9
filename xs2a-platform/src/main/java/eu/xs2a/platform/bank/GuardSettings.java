package eu.xs2a.platform.bank;

import java.time.Duration;

/**
 * The values one {@link CallGuard} is built with (see {@link GuardConfig} for what each means); their ranges are the
 * mappings' constraints, checked when the service starts.
 */
public record GuardSettings(int maxConcurrentCalls, int requestVolume, double failureRatio, Duration delay,
                            int successThreshold) {

    public static GuardSettings of(GuardConfig config) {
        GuardConfig.CircuitBreaker circuit = config.circuitBreaker();
        return new GuardSettings(config.maxConcurrentCalls(), circuit.requestVolume(), circuit.failureRatio(),
                circuit.delay(), circuit.successThreshold());
    }

    /** These settings with whatever one provider sets itself. */
    GuardSettings with(BankClientConfig.ProviderGuard own) {
        BankClientConfig.ProviderGuard.CircuitBreaker circuit = own.circuitBreaker();
        return new GuardSettings(own.maxConcurrentCalls().orElse(maxConcurrentCalls),
                circuit.requestVolume().orElse(requestVolume), circuit.failureRatio().orElse(failureRatio),
                circuit.delay().orElse(delay), circuit.successThreshold().orElse(successThreshold));
    }
}
