package eu.xs2a.platform;

import eu.xs2a.platform.bank.BankClientConfig;
import eu.xs2a.platform.kpi.KpiConfig;
import eu.xs2a.platform.notify.NotificationsConfig;
import eu.xs2a.platform.provider.ProvidersConfig;
import eu.xs2a.platform.task.TaskConfig;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.arc.All;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.ConfigMappings.ConfigClass;
import io.smallrye.config.ConfigMappings;
import io.smallrye.config.EnvConfigSource;
import io.smallrye.config.PropertyNamesMatcher;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.IntStream;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.spi.ConfigSource;
import org.jboss.logging.Logger;

/**
 * A key under the platform's prefixes that no setting has ({@code psd2.providers.bank.max-execution-day-ahead}) would
 * be ignored in silence, its setting left at its default: Quarkus reports unknown keys of its own namespace only. Such
 * a key stops the service at start, one ERROR line each with the keys its place has. The prefixes are the platform's
 * mappings' (the provider registry, {@code psd2.tasks}, {@code psd2.bank-client}, {@code psd2.kpi},
 * {@code psd2.notifications}), whose maps (providers, task types) take any name and so hide a misspelt key most, and
 * those of the service's own mappings ({@link ServiceSettings}). Keys given as environment variables are not checked:
 * they cannot be told from the other variables.
 */
@ApplicationScoped
class UnknownSettingsCheck {

    private static final Logger LOG = Logger.getLogger(UnknownSettingsCheck.class);
    private static final List<ConfigClass> OWNED = List.of(
            ConfigClass.configClass(ProvidersConfig.class, "psd2.providers"),
            ConfigClass.configClass(TaskConfig.class, "psd2.tasks"),
            ConfigClass.configClass(BankClientConfig.class, "psd2.bank-client"),
            ConfigClass.configClass(KpiConfig.class, "psd2.kpi"),
            ConfigClass.configClass(NotificationsConfig.class, "psd2.notifications"));

    void onStart(@Observes StartupEvent event, Config config, @All List<ServiceSettings> services) {
        // the environment's source names a variable as the key it might mean (PSD2_PROVIDERS_FILE as
        // psd2.providers.file); a mapping's defaults are patterns (psd2.providers.*.name)
        List<String> names = new ArrayList<>();
        for (ConfigSource source : config.getConfigSources()) {
            if (!(source instanceof EnvConfigSource)) {
                source.getPropertyNames().stream().filter(name -> !name.contains("*")).forEach(names::add);
            }
        }
        List<Class<?>> mappings = new ArrayList<>();
        services.forEach(service -> mappings.addAll(service.mappings()));
        StartRefusal.stopIfAny(LOG, refusals(names, mappings), "psd2");
    }

    /**
     * One line per name under a prefix of the platform's or of {@code serviceMappings} that is no setting's, in name
     * order.
     */
    static List<String> refusals(Iterable<String> names, List<Class<?>> serviceMappings) {
        List<ConfigClass> checked = new ArrayList<>(OWNED);
        for (Class<?> mapping : serviceMappings) {
            checked.add(ConfigClass.configClass(mapping, mapping.getAnnotation(ConfigMapping.class).prefix()));
        }
        PropertyNamesMatcher known = ConfigMappings.propertyNamesMatcher(checked);
        Set<String> patterns = new TreeSet<>();
        checked.forEach(owned -> patterns.addAll(ConfigMappings.getProperties(owned).keySet()));
        Set<String> unknown = new TreeSet<>();
        for (String name : names) {
            boolean owned = checked.stream().anyMatch(c -> name.startsWith(c.getPrefix() + "."));
            if (owned && !known.matches(name)) {
                unknown.add(name);
            }
        }
        List<String> refusals = new ArrayList<>();
        for (String name : unknown) {
            List<String> beside = keysBeside(name, patterns);
            refusals.add(name + " is not a setting" + (beside.isEmpty() ? "" : " (the keys there: "
                    + String.join(", ", beside) + ")") + ": a misspelt key is ignored, its setting left at its default."
                    + " The service does not start.");
        }
        return refusals;
    }

    /** The last segments of the known keys that stand where {@code name} stands (a map's key matching any name). */
    private static List<String> keysBeside(String name, Set<String> patterns) {
        String[] parent = parent(name).split("\\.");
        return patterns.stream().filter(p -> !p.endsWith("]"))
                .filter(p -> sameShape(parent(p).split("\\."), parent))
                .map(p -> p.substring(p.lastIndexOf('.') + 1)).distinct().toList();
    }

    private static String parent(String name) {
        return name.substring(0, Math.max(name.lastIndexOf('.'), 0));
    }

    private static boolean sameShape(String[] pattern, String[] name) {
        if (pattern.length != name.length) {
            return false;
        }
        return IntStream.range(0, name.length).allMatch(i -> pattern[i].equals("*") || pattern[i].equals(name[i]));
    }
}
