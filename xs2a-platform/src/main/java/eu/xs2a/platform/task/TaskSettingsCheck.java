package eu.xs2a.platform.task;

import eu.xs2a.platform.StartRefusal;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import org.jboss.logging.Logger;

/**
 * The task runtime's settings that hold only together, checked at start where each one alone is checked by its bounds
 * ({@link TaskConfig}): a backoff's base at most its cap, for the defaults and every task type of the service or
 * configured ({@code psd2.tasks.type.<type>.*}), and whatever a handler asks of its own type
 * ({@link TaskHandler#settingsRefusals}). A wrong pair would otherwise fail the task at its first retry. One ERROR
 * line per refusal, then the service exits, as for a setting out of range.
 */
@ApplicationScoped
class TaskSettingsCheck {

    private static final Logger LOG = Logger.getLogger(TaskSettingsCheck.class);

    void onStart(@Observes StartupEvent event, TaskConfig config, TaskHandlers handlers) {
        List<String> refusals = refusals(config, handlers.types());
        for (String type : handlers.types()) {
            refusals.addAll(handlers.of(type).settingsRefusals(config));
        }
        StartRefusal.stopIfAny(LOG, refusals, "psd2.tasks");
    }

    /** The backoff refusals: the defaults', then each type's of {@code types} and of the configuration, by name. */
    static List<String> refusals(TaskConfig config, Set<String> types) {
        List<String> refusals = new ArrayList<>();
        if (config.backoffBase().compareTo(config.backoffCap()) > 0) {
            refusals.add(backoffRefusal("psd2.tasks.backoff-base", config.backoffBase(), "psd2.tasks.backoff-cap",
                    config.backoffCap()));
        }
        Set<String> all = new TreeSet<>(types);
        all.addAll(config.type().keySet());
        for (String type : all) {
            Duration base = own(config, type, TaskConfig.TypeSettings::backoffBase).orElse(config.backoffBase());
            Duration cap = own(config, type, TaskConfig.TypeSettings::backoffCap).orElse(config.backoffCap());
            boolean typeSetsOne = own(config, type, TaskConfig.TypeSettings::backoffBase).isPresent()
                    || own(config, type, TaskConfig.TypeSettings::backoffCap).isPresent();
            if (typeSetsOne && base.compareTo(cap) > 0) {
                refusals.add(backoffRefusal(key(config, type, "backoff-base", TaskConfig.TypeSettings::backoffBase),
                        base, key(config, type, "backoff-cap", TaskConfig.TypeSettings::backoffCap), cap));
            }
        }
        return refusals;
    }

    private static Optional<Duration> own(TaskConfig config, String type,
                                          Function<TaskConfig.TypeSettings, Optional<Duration>> setting) {
        return Optional.ofNullable(config.type().get(type)).flatMap(setting);
    }

    /** The key a type's setting comes from: its own where it sets one, else the default's. */
    private static String key(TaskConfig config, String type, String name,
                              Function<TaskConfig.TypeSettings, Optional<Duration>> setting) {
        return own(config, type, setting).isPresent() ? "psd2.tasks.type." + type + "." + name : "psd2.tasks." + name;
    }

    private static String backoffRefusal(String baseKey, Duration base, String capKey, Duration cap) {
        return baseKey + " (" + base + ") is longer than " + capKey + " (" + cap + "): a retry's delay grows from the"
                + " base up to the cap; make the base at most the cap. The service does not start.";
    }
}
