package eu.xs2a.payment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.payment.config.PaymentConfig;
import eu.xs2a.payment.config.SubmissionLeaseCheck;
import eu.xs2a.payment.support.BankSandboxResource;
import eu.xs2a.platform.provider.ProviderRegistry;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The start-up check of the retry job's lease against the providers' bank timeouts, on the test profile's real
 * providers: their 1 s connect + 3 s read (31 s for {@value BankSandboxResource#RELAYED}) outlast the test's short lease.
 */
@QuarkusTest
class SubmissionLeaseCheckTest {

    @Inject
    ProviderRegistry registry;

    @Inject
    PaymentConfig config;

    @Test
    void aLeaseShorterThanABankCallIsNamedPerProviderAndALongerOneIsNot() {
        List<String> warnings = SubmissionLeaseCheck.warnings(config.submission().firstRetryAfter(), registry);
        assertEquals(registry.codes().size(), warnings.size(), warnings.toString());
        assertTrue(warnings.stream().anyMatch(w -> w.contains("provider " + BankSandboxResource.RELAYED)
                && w.contains("read 30 s")), warnings.toString());

        assertEquals(1, SubmissionLeaseCheck.warnings(Duration.ofSeconds(30), registry).size(),
                "only the relayed bank's 31 s outlast 30 s");
        assertTrue(SubmissionLeaseCheck.warnings(Duration.ofSeconds(32), registry).isEmpty());
    }
}
