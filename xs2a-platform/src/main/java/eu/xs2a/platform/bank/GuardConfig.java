package eu.xs2a.platform.bank;

import io.smallrye.config.WithDefault;
import java.time.Duration;

/**
 * How a {@link CallGuard} limits calls to one remote: a bulkhead and a circuit breaker (SmallRye Fault Tolerance).
 * A config group: {@code psd2.bank-client.*} for every provider's bank ({@link BankClientConfig}),
 * {@code psd2.consent-lookup.*} for account-service's consent lookup.
 */
public interface GuardConfig {

    /**
     * Calls in flight at once; one more is refused at once (503), never queued, so that a slow remote holds at most
     * this many of the service's worker threads. Also the size of the client's connection pool.
     */
    @WithDefault("64")
    int maxConcurrentCalls();

    CircuitBreaker circuitBreaker();

    interface CircuitBreaker {

        /** The rolling window: the circuit opens only once this many calls were made. */
        @WithDefault("20")
        int requestVolume();

        /** Share of failed calls in the window (no answer, 5xx, 408, 429) that opens the circuit. */
        @WithDefault("0.5")
        double failureRatio();

        /** How long an open circuit refuses calls at once before it lets trial calls through. */
        @WithDefault("5S")
        Duration delay();

        /** Successful trial calls that close it again. */
        @WithDefault("1")
        int successThreshold();
    }
}
