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

/** The refresh steps' leases against the providers' timeouts (config/providers.properties: 1 s + 3 s). */
@QuarkusTest
class RefreshLeaseCheckTest {

    @Inject
    TaskConfig tasks;

    @Inject
    AccountDataConfig config;

    @Inject
    ProviderRegistry providers;

    @Test
    void theConfiguredLeasesOutlastTheirStepsBankCalls() {
        assertEquals(List.of(), RefreshLeaseCheck.warnings(tasks, config.maxBankPages(), providers));
    }

    @Test
    void anAccountStepWithMorePagesThanItsLeaseCoversIsNamedPerProvider() {
        List<String> warnings = RefreshLeaseCheck.warnings(tasks, 1000, providers);
        assertEquals(providers.codes().size(), warnings.size(), String.join("\n", warnings));
        assertTrue(warnings.stream().allMatch(w -> w.contains(RefreshAccountStep.TYPE) && w.contains("1001")),
                String.join("\n", warnings));
    }
}
