package eu.xs2a.platform.bank;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@code xs2a_bank_calls_seconds{provider, outcome}} on /q/metrics: how long each provider's bank took, per outcome
 * ({@code answered}, {@code refused}: the bank's 400/409/422, {@code failed}: no answer, another error status, or not
 * asked because its circuit is open or its bulkhead full). The dashboards' bank latency per provider
 * (k8s/monitoring).
 */
@Singleton
public class BankCallMetrics {

    private final MeterRegistry registry;
    private final Map<String, Timer> timers = new ConcurrentHashMap<>();

    BankCallMetrics(Instance<MeterRegistry> registry) {
        this.registry = registry.isResolvable() ? registry.get() : null;
    }

    void record(String providerCode, String outcome, long nanos) {
        if (registry == null) {
            return;
        }
        timers.computeIfAbsent(providerCode + " " + outcome, key -> Timer.builder("xs2a.bank.calls")
                .description("Calls to a provider's bank by outcome").tag("provider", providerCode)
                .tag("outcome", outcome).register(registry)).record(Duration.ofNanos(nanos));
    }

    /** The outcome of a failed call, as the metric names it. */
    static String outcome(BankFailure failure) {
        return failure.kind() == BankFailure.Kind.ANSWERED && BankTranslation.isRefusal(failure.status())
                ? "refused" : "failed";
    }
}
