package eu.xs2a.platform.task;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.quarkus.runtime.configuration.DurationConverter;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A backoff's base above its cap stops the service at start, with the keys it comes from. */
class TaskSettingsCheckTest {

    private static final String TAIL = ": a retry's delay grows from the base up to the cap; make the base at most the"
            + " cap. The service does not start.";

    @Test
    void theDefaultsAndEachTypeAreCheckedWithTheirOwnKeys() {
        assertEquals(List.of(), TaskSettingsCheck.refusals(config(Map.of()), Set.of("payment-submission")));
        assertEquals(List.of("psd2.tasks.backoff-base (PT20M) is longer than psd2.tasks.backoff-cap (PT15M)" + TAIL),
                TaskSettingsCheck.refusals(config(Map.of("psd2.tasks.backoff-base", "20M")), Set.of("a")));
        assertEquals(List.of("psd2.tasks.type.a.backoff-base (PT1H) is longer than psd2.tasks.backoff-cap (PT15M)"
                        + TAIL), TaskSettingsCheck.refusals(config(Map.of("psd2.tasks.type.a.backoff-base", "1H")),
                Set.of()));
        assertEquals(List.of("psd2.tasks.backoff-base (PT30S) is longer than psd2.tasks.type.b.backoff-cap (PT10S)"
                        + TAIL), TaskSettingsCheck.refusals(config(Map.of("psd2.tasks.type.b.backoff-cap", "10S")),
                Set.of("b")));
        assertEquals(List.of(), TaskSettingsCheck.refusals(config(Map.of("psd2.tasks.type.c.backoff-base", "1H",
                "psd2.tasks.type.c.backoff-cap", "2H")), Set.of("c")));
    }

    static TaskConfig config(Map<String, String> settings) {
        return new SmallRyeConfigBuilder()
                .withMapping(TaskConfig.class)
                .withConverter(Duration.class, 200, new DurationConverter())
                .withSources(new PropertiesConfigSource(settings, "test", 100))
                .build().getConfigMapping(TaskConfig.class);
    }
}
