package eu.xs2a.platform.bank;

import io.smallrye.config.WithDefault;
import io.smallrye.config.WithName;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Positive;
import java.time.Duration;
import org.hibernate.validator.constraints.time.DurationMin;

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
    @Positive
    int maxConcurrentCalls();

    @WithName("circuit-breaker") // spelled out: Bean Validation's messages name a group by its Java name
    CircuitBreaker circuitBreaker();

    interface CircuitBreaker {

        /** The rolling window: the circuit opens only once this many calls were made. */
        @WithDefault("20")
        @Positive
        int requestVolume();

        /** Share of failed calls in the window (no answer, 5xx, 408, 429) that opens the circuit. */
        @WithDefault("0.5")
        @DecimalMin("0") @DecimalMax("1")
        double failureRatio();

        /** How long an open circuit refuses calls at once before it lets trial calls through. */
        @WithDefault("5S")
        @DurationMin(nanos = 0)
        Duration delay();

        /** Successful trial calls that close it again. */
        @WithDefault("1")
        @Positive
        int successThreshold();
    }
}
