package eu.xs2a.account.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.account.domain.RefreshAccountStep;
import eu.xs2a.platform.provider.ProviderRegistry;
import eu.xs2a.platform.task.TaskConfig;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The refresh steps' max-runs against the providers' timeouts (config/providers.properties: 1 s + 3 s). */
@QuarkusTest
class RefreshMaxRunCheckTest {

    @Inject TaskConfig tasks;
    @Inject AccountDataConfig config;
    @Inject ProviderRegistry providers;

    @Test
    void theConfiguredMaxRunsOutlastTheirStepsBankCalls() {
        assertEquals(List.of(), RefreshMaxRunCheck.warnings(tasks, config.maxBankPages(), providers));
    }

    @Test
    void anAccountStepWithMorePagesThanItsMaxRunCoversIsNamedPerProvider() {
        List<String> warnings = RefreshMaxRunCheck.warnings(tasks, 1000, providers);
        assertEquals(providers.codes().size(), warnings.size(), String.join("\n", warnings));
        assertTrue(warnings.stream().allMatch(w -> w.contains(RefreshAccountStep.TYPE) && w.contains("1001")),
                String.join("\n", warnings));
    }
}
