package eu.xs2a.payment.config;

import eu.xs2a.payment.domain.PaymentTasks;
import eu.xs2a.platform.provider.ProviderRegistry;
import eu.xs2a.platform.task.TaskConfig;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * A payment task's max-run ({@code psd2.tasks.max-run}, or {@code psd2.tasks.type.<type>.max-run}: how long the task
 * runtime keeps renewing a run's lease) must outlast the bank calls one run of it makes, each ending within the
 * provider's connect plus read timeout: a shorter one lets another worker take the task over and run it beside the
 * first (a second, idempotent submission; a withdrawal's lookup before the submission it waits for has ended). Said
 * once at start, as a WARN per task type and provider.
 */
@ApplicationScoped
public class TaskMaxRunCheck {

    /** The most bank calls one run of each payment task makes (a withdrawal: look up, cancel, read). */
    static final Map<String, Integer> BANK_CALLS_PER_RUN = Map.of(
            PaymentTasks.SUBMISSION, 1, PaymentTasks.STATUS, 1, PaymentTasks.WITHDRAWAL, 3);

    private static final org.jboss.logging.Logger LOG = org.jboss.logging.Logger.getLogger(TaskMaxRunCheck.class);

    void onStart(@Observes StartupEvent event, TaskConfig tasks, ProviderRegistry registry) {
        for (String warning : warnings(tasks::maxRun, registry)) {
            LOG.warn(warning);
        }
    }

    /** One text per payment task type and provider whose bank calls may outlast the type's max-run. */
    public static List<String> warnings(Function<String, Duration> maxRunOfType, ProviderRegistry registry) {
        List<String> warnings = new ArrayList<>();
        for (Map.Entry<String, Integer> type : new TreeMap<>(BANK_CALLS_PER_RUN).entrySet()) {
            Duration maxRun = maxRunOfType.apply(type.getKey());
            for (String code : registry.codes()) {
                var provider = registry.require(code);
                Duration oneCall = provider.connectTimeout().plus(provider.readTimeout());
                Duration longestRun = oneCall.multipliedBy(type.getValue());
                if (longestRun.compareTo(maxRun) >= 0) {
                    warnings.add("The max-run of task " + type.getKey() + " (" + seconds(maxRun) + ") is not longer than"
                            + " its " + type.getValue() + " bank call(s) of provider " + code + " may take (connect "
                            + seconds(provider.connectTimeout()) + " + read " + seconds(provider.readTimeout())
                            + " each): another worker may run it again beside a run still waiting for the bank; raise"
                            + " psd2.tasks.type." + type.getKey() + ".max-run");
                }
            }
        }
        return warnings;
    }

    private static String seconds(Duration duration) {
        return BigDecimal.valueOf(duration.toMillis(), 3).stripTrailingZeros().toPlainString() + " s";
    }
}
