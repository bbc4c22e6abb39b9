package eu.xs2a.platform.bank;

import io.smallrye.faulttolerance.api.Guard;
import java.time.temporal.ChronoUnit;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.eclipse.microprofile.faulttolerance.exceptions.BulkheadException;
import org.eclipse.microprofile.faulttolerance.exceptions.CircuitBreakerOpenException;
import org.jboss.logging.Logger;

/**
 * A bulkhead and a circuit breaker around the calls to one remote (a provider's bank, the consent lookup), built at
 * run time with SmallRye Fault Tolerance's programmatic {@link Guard}. Calls run on the caller's thread; one the
 * guard does not let through throws {@link NotCalled} without touching the network. No retries: a call that reached
 * the remote may have had its effect, and retries belong to the jobs that persist them.
 */
public final class CallGuard {

    private static final Logger LOG = Logger.getLogger(CallGuard.class);

    private final String name;
    private final Guard guard;

    /**
     * @param name          what is guarded, for the log (e.g. {@code bank of provider sandbox})
     * @param countsAgainst which failures of a call count towards opening the circuit; the others (an answer that
     *                      judges the request) count as successes, and so does a call the bulkhead refused
     */
    public CallGuard(String name, GuardSettings settings, Predicate<Throwable> countsAgainst) {
        this.name = name;
        this.guard = Guard.create()
                .withDescription(name)
                .withBulkhead()
                    .limit(settings.maxConcurrentCalls())
                    .done()
                .withCircuitBreaker()
                    .requestVolumeThreshold(settings.requestVolume())
                    .failureRatio(settings.failureRatio())
                    .delay(settings.delay().toMillis(), ChronoUnit.MILLIS)
                    .successThreshold(settings.successThreshold())
                    // a call the full bulkhead refused says nothing about the remote
                    .when(failure -> !(failure instanceof BulkheadException) && countsAgainst.test(failure))
                    .onStateChange(state -> LOG.warnf("Circuit of the %s is now %s", name, state))
                    .done()
                .build();
    }

    /** Runs the call if the bulkhead has room and the circuit is not open; else throws {@link NotCalled}. */
    @SuppressWarnings("unchecked")
    public <T> T call(Supplier<T> call) {
        Supplier<Object> untyped = call::get;
        try {
            return (T) guard.get(untyped, Object.class);
        } catch (CircuitBreakerOpenException e) {
            throw new NotCalled(name + ": circuit open", e);
        } catch (BulkheadException e) {
            throw new NotCalled(name + ": too many calls in flight", e);
        }
    }

    /** The guard refused the call (circuit open, bulkhead full): the remote was not asked. */
    public static final class NotCalled extends RuntimeException {
        NotCalled(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
