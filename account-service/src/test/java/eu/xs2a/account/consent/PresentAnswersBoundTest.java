package eu.xs2a.account.consent;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.account.config.ConsentLookupConfig;
import io.quarkus.runtime.configuration.ConfigurationException;
import java.lang.reflect.Proxy;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The lookup's reuse of PSU-present answers never exceeds the gateway's 1 s bound for revocations. */
class PresentAnswersBoundTest {

    @Test
    void aReuseLongerThanASecondOrNegativeStopsTheStart() {
        for (Duration reuse : new Duration[] {Duration.ofMillis(1001), Duration.ofMillis(-1)}) {
            ConfigurationException refused = assertThrows(ConfigurationException.class,
                    () -> new ConsentLookup(config(reuse), null, null));
            assertTrue(refused.getMessage().contains("present-answers-for"), refused.getMessage());
        }
    }

    /** Only the reuse is asked for before the refusal. */
    private static ConsentLookupConfig config(Duration reuse) {
        return (ConsentLookupConfig) Proxy.newProxyInstance(ConsentLookupConfig.class.getClassLoader(),
                new Class<?>[] {ConsentLookupConfig.class}, (proxy, method, args) -> {
                    if (method.getName().equals("presentAnswersFor")) {
                        return reuse;
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
    }
}
