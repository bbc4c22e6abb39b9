package eu.xs2a.platform.bank;

import java.time.Duration;

/** The values one {@link CallGuard} is built with (see {@link GuardConfig} for what each means). */
public record GuardSettings(int maxConcurrentCalls, int requestVolume, double failureRatio, Duration delay,
                            int successThreshold) {

    public GuardSettings {
        if (maxConcurrentCalls < 1 || requestVolume < 1 || successThreshold < 1) {
            throw new IllegalArgumentException("max-concurrent-calls, request-volume and success-threshold must be"
                    + " at least 1");
        }
        if (failureRatio < 0 || failureRatio > 1) {
            throw new IllegalArgumentException("failure-ratio must be between 0 and 1, was " + failureRatio);
        }
        if (delay.isNegative()) {
            throw new IllegalArgumentException("the circuit breaker's delay must not be negative");
        }
    }

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
