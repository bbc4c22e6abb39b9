package eu.xs2a.platform;

import io.quarkus.runtime.configuration.ConfigurationException;
import java.util.List;
import java.util.Set;
import org.jboss.logging.Logger;

/**
 * How a start-up check stops the service: one ERROR line per refusal, naming what to fix, then a
 * {@link ConfigurationException}, for which Quarkus prints only its message, here empty, and exits with status 1 and no
 * stack trace (a {@code PreventFurtherStepsException} left the JVM waiting in its stop).
 */
public final class StartRefusal {

    private StartRefusal() {
    }

    /** Nothing when {@code refusals} is empty; else the lines and the exit, {@code property} the key at fault. */
    public static void stopIfAny(Logger log, List<String> refusals, String property) {
        if (refusals.isEmpty()) {
            return;
        }
        refusals.forEach(log::error);
        throw new ConfigurationException("", Set.of(property));
    }
}
