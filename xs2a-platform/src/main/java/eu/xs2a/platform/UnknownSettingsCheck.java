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
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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
 * those of the service's own mappings ({@link ServiceSettings}).
 *
 * <p>So does an environment variable of the form of such a key ({@code PSD2_PROVIDERS_SANDBOX_BANK_URLL}, as a
 * Deployment sets them) that no setting's key maps to, unless a configuration file uses it as a placeholder
 * ({@code ${PSD2_SANDBOX_BANK_URL:…}} in the provider registry): a variable's name cannot say where a map's key ends,
 * so it is taken when any setting's pattern, its map keys any run of letters, digits and underscores, has its form.
 * Variables of other forms are not the platform's and are not read.
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
    /** A placeholder's variable in a raw value: {@code ${NAME}} or {@code ${NAME:default}}. */
    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([A-Za-z0-9_.-]+)");

    void onStart(@Observes StartupEvent event, Config config, @All List<ServiceSettings> services) {
        // the environment's source names a variable as the key it might mean (PSD2_PROVIDERS_FILE as
        // psd2.providers.file), so variables are checked apart; a mapping's defaults are patterns
        // (psd2.providers.*.name); a source's values are raw, their placeholders not yet resolved
        List<String> names = new ArrayList<>();
        Set<String> placeholders = new TreeSet<>();
        for (ConfigSource source : config.getConfigSources()) {
            if (!(source instanceof EnvConfigSource)) {
                for (String name : source.getPropertyNames()) {
                    if (!name.contains("*")) {
                        names.add(name);
                    }
                    String value = source.getValue(name);
                    Matcher placeholder = PLACEHOLDER.matcher(value == null ? "" : value);
                    while (placeholder.find()) {
                        placeholders.add(placeholder.group(1));
                    }
                }
            }
        }
        List<Class<?>> mappings = new ArrayList<>();
        services.forEach(service -> mappings.addAll(service.mappings()));
        List<String> refusals = new ArrayList<>(refusals(names, mappings));
        refusals.addAll(environmentRefusals(System.getenv().keySet(), placeholders, mappings));
        StartRefusal.stopIfAny(LOG, refusals, "psd2");
    }

    /**
     * One line per name under a prefix of the platform's or of {@code serviceMappings} that is no setting's, in name
     * order.
     */
    static List<String> refusals(Iterable<String> names, List<Class<?>> serviceMappings) {
        List<ConfigClass> checked = checked(serviceMappings);
        PropertyNamesMatcher known = ConfigMappings.propertyNamesMatcher(checked);
        Set<String> patterns = patterns(checked);
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

    /**
     * One line per variable, in name order, of the form of a key under a checked prefix ({@code PSD2_TASKS_…}) that
     * neither has the form of a setting's key nor is one of the configuration's {@code placeholders}.
     */
    static List<String> environmentRefusals(Collection<String> variables, Set<String> placeholders,
                                            List<Class<?>> serviceMappings) {
        List<ConfigClass> checked = checked(serviceMappings);
        List<Pattern> forms = patterns(checked).stream().map(UnknownSettingsCheck::variableForm).toList();
        List<String> refusals = new ArrayList<>();
        for (String variable : new TreeSet<>(variables)) {
            List<String> prefixes = checked.stream().map(ConfigClass::getPrefix)
                    .filter(prefix -> variable.startsWith(variableName(prefix) + "_")).toList();
            if (prefixes.isEmpty() || placeholders.contains(variable)
                    || forms.stream().anyMatch(form -> form.matcher(variable).matches())) {
                continue;
            }
            refusals.add("Environment variable " + variable + " is not a setting: no key under " + prefixes.get(0)
                    + " has its form (" + variableName(prefixes.get(0)) + "_ and the key's words in capitals joined"
                    + " by _) and no configuration file uses it as a placeholder; a misspelt variable is ignored, its"
                    + " setting left at its default. The service does not start.");
        }
        return refusals;
    }

    private static List<ConfigClass> checked(List<Class<?>> serviceMappings) {
        List<ConfigClass> checked = new ArrayList<>(OWNED);
        for (Class<?> mapping : serviceMappings) {
            checked.add(ConfigClass.configClass(mapping, mapping.getAnnotation(ConfigMapping.class).prefix()));
        }
        return checked;
    }

    private static Set<String> patterns(List<ConfigClass> checked) {
        Set<String> patterns = new TreeSet<>();
        checked.forEach(owned -> patterns.addAll(ConfigMappings.getProperties(owned).keySet()));
        return patterns;
    }

    /** The environment's form of a key: capitals, each other character {@code _} (as SmallRye looks keys up). */
    private static String variableName(String key) {
        return key.toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9]", "_");
    }

    /** A pattern's form as a variable: a map's key ({@code *}) or a list's index any run of A-Z, 0-9 and _. */
    private static Pattern variableForm(String pattern) {
        String[] parts = pattern.replace("[*]", ".*").split("\\*", -1);
        StringBuilder form = new StringBuilder(Pattern.quote(variableName(parts[0])));
        for (int i = 1; i < parts.length; i++) {
            form.append("[A-Z0-9_]+").append(Pattern.quote(variableName(parts[i])));
        }
        return Pattern.compile(form.toString());
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
