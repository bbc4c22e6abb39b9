package eu.xs2a.payment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.payment.config.TaskMaxRunCheck;
import eu.xs2a.payment.domain.PaymentTasks;
import eu.xs2a.payment.support.BankSandboxResource;
import eu.xs2a.platform.provider.ProviderRegistry;
import eu.xs2a.platform.task.TaskConfig;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The start-up check of the payment tasks' max-runs against the providers' bank timeouts, on the test profile's real
 * providers: 1 s connect + 3 s read each (31 s for {@value BankSandboxResource#RELAYED}), three of them for one
 * withdrawal run. The configured max-runs (the runtime's 10 min) outlast them all.
 */
@QuarkusTest
class TaskMaxRunCheckTest {

    @Inject ProviderRegistry registry;
    @Inject TaskConfig tasks;

    @Test
    void aMaxRunShorterThanARunsBankCallsIsNamedPerTypeAndProviderAndALongerOneIsNot() {
        assertTrue(TaskMaxRunCheck.warnings(tasks::maxRun, registry).isEmpty(),
                TaskMaxRunCheck.warnings(tasks::maxRun, registry).toString());

        List<String> short30 = TaskMaxRunCheck.warnings(type -> Duration.ofSeconds(30), registry);
        assertEquals(3, short30.size(), "each type's run on the relayed bank, 31 s a call: " + short30);
        assertTrue(short30.stream().allMatch(w -> w.contains("provider " + BankSandboxResource.RELAYED)
                && w.contains("read 30 s")), short30.toString());

        List<String> tenSeconds = TaskMaxRunCheck.warnings(type -> Duration.ofSeconds(10), registry);
        assertEquals(3 + registry.codes().size() - 1, tenSeconds.size(), tenSeconds.toString());
        assertTrue(tenSeconds.stream().filter(w -> !w.contains("provider " + BankSandboxResource.RELAYED))
                .allMatch(w -> w.contains("task " + PaymentTasks.WITHDRAWAL)), "3 × 4 s outlast 10 s: " + tenSeconds);

        assertTrue(TaskMaxRunCheck.warnings(type -> Duration.ofSeconds(94), registry).isEmpty());
    }
}
