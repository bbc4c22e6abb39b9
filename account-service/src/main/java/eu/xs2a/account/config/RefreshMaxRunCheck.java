package eu.xs2a.account.config;

import eu.xs2a.account.domain.RefreshAccountStep;
import eu.xs2a.account.domain.RefreshListing;
import eu.xs2a.platform.provider.ProviderRegistry;
import eu.xs2a.platform.task.TaskConfig;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.jboss.logging.Logger;

/**
 * A refresh step's max-run (how long the task runtime keeps renewing a run's lease) must outlast its bank calls, each
 * of which ends within the provider's connect plus read timeout: the listing makes one, an account's step at most 1 +
 * {@code psd2.account-data.max-bank-pages}. A shorter one lets a second worker take a step over while the first still
 * runs it: still correct (the writes of one account take turns and its outcome is recorded once), but the bank is asked
 * twice. Said once at start, as a WARN per provider and step.
 */
@ApplicationScoped
public class RefreshMaxRunCheck {

    private static final Logger LOG = Logger.getLogger(RefreshMaxRunCheck.class);

    void onStart(@Observes StartupEvent event, TaskConfig tasks, AccountDataConfig config, ProviderRegistry registry) {
        for (String warning : warnings(tasks, config.maxBankPages(), registry)) {
            LOG.warn(warning);
        }
    }

    /** One text per provider and step whose bank calls may outlast the step's max-run. */
    public static List<String> warnings(TaskConfig tasks, int maxBankPages, ProviderRegistry registry) {
        List<String> warnings = new ArrayList<>();
        for (String code : registry.codes()) {
            var provider = registry.require(code);
            Duration call = provider.connectTimeout().plus(provider.readTimeout());
            check(warnings, code, RefreshListing.TYPE, 1, call, tasks.maxRun(RefreshListing.TYPE));
            check(warnings, code, RefreshAccountStep.TYPE, 1 + maxBankPages, call,
                    tasks.maxRun(RefreshAccountStep.TYPE));
        }
        return warnings;
    }

    private static void check(List<String> warnings, String provider, String type, int calls, Duration call,
                              Duration maxRun) {
        Duration longest = call.multipliedBy(calls);
        if (longest.compareTo(maxRun) >= 0) {
            warnings.add("The max-run of task " + type + " (" + maxRun + ", psd2.tasks.type." + type + ".max-run) is not"
                    + " longer than its " + calls + " bank call(s) of provider " + provider + " may take (" + longest
                    + " at connect + read " + call + "): another worker may take the step over while it still runs"
                    + " and ask the bank again");
        }
    }
}
