package eu.xs2a.e2e.deploy;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.e2e.support.Lanes;
import eu.xs2a.e2e.support.Stack;
import eu.xs2a.testsupport.ServiceProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A broken trust anchor or CRL file stops a packaged service at start, naming the file, instead of failing its first
 * signed request: a second registration-service, started like the stack's own but with one file broken, never becomes
 * ready. The same for a provider whose bank TLS configuration does not exist (k8s/README.md "TLS to the bank").
 */
@ResourceLock(Lanes.OWN_STACKS)
class TrustFilesStartUpTest {

    private static final String MODULE = "registration-service";

    @ParameterizedTest
    @CsvSource({
            "PSD2_CRL_FILES, CRL file",
            "PSD2_TRUST_ANCHORS, trust anchor"})
    void aBrokenFileStopsTheServiceAtStart(String variable, String expected) throws IOException {
        Path broken = Files.createTempFile("broken-", ".pem");
        Files.writeString(broken, "-----BEGIN X509 CRL-----\nbm90IGEgQ1JM\n-----END X509 CRL-----\n");
        Map<String, String> env = new HashMap<>(Stack.get().environment(MODULE));
        env.put(variable, broken.toString());
        ServiceProcess service = ServiceProcess.launch(MODULE, env, ServiceProcess.freePort());
        try {
            IllegalStateException e = assertThrows(IllegalStateException.class, service::awaitReady);
            assertTrue(e.getMessage().contains("exited during start"), e.getMessage());
            String log = Files.readString(service.log());
            assertTrue(log.contains(expected) && log.contains(broken.toString()), "the log names the file: " + log);
        } finally {
            service.close();
            Files.delete(broken);
        }
    }

    @Test
    void aProviderNamingAnUnknownTlsConfigurationStopsTheServiceAtStart() throws IOException {
        Path providers = Files.createTempFile("providers-", ".properties");
        Files.writeString(providers, Files.readString(Repo.path("config/providers.properties"))
                + "\npsd2.providers.sandbox.tls-configuration-name=no-such-bank-tls\n");
        Map<String, String> env = new HashMap<>(Stack.get().environment(MODULE));
        env.put("PSD2_PROVIDERS_FILE", providers.toString());
        ServiceProcess service = ServiceProcess.launch(MODULE, env, ServiceProcess.freePort());
        try {
            IllegalStateException e = assertThrows(IllegalStateException.class, service::awaitReady);
            assertTrue(e.getMessage().contains("exited during start"), e.getMessage());
            String log = Files.readString(service.log());
            assertTrue(log.contains("psd2.providers.sandbox.tls-configuration-name names the TLS configuration "
                    + "'no-such-bank-tls', but no quarkus.tls.no-such-bank-tls.* is configured"), log);
        } finally {
            service.close();
            Files.delete(providers);
        }
    }
}
