package eu.xs2a.platform.bank;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.nio.file.Path;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The bank over real TLS: a local HTTPS bank that demands a client certificate ({@link HttpsTestBank}), with
 * certificates made for the run ({@link TlsBanks}). A provider's TLS configuration
 * ({@code psd2.providers.<code>.tls-configuration-name}) decides whom the gateway trusts and which certificate it
 * presents; without the right ones no request reaches the bank and the TPP gets the bank-unavailable answer.
 */
@QuarkusTest
@QuarkusTestResource(value = TlsBanks.class, restrictToAnnotatedClass = true)
class BankTlsTest {

    @Inject BankClients banks;

    private HttpsTestBank bank;

    @BeforeEach
    void openTheBank() throws Exception {
        Config config = ConfigProvider.getConfig();
        bank = HttpsTestBank.listen(config.getValue("test.bank.port", Integer.class),
                Path.of(config.getValue("test.bank.server-store", String.class)),
                config.getValue("test.bank.server-store-password", String.class),
                Path.of(config.getValue("test.bank.client-ca", String.class)));
    }

    @AfterEach
    void closeTheBank() {
        bank.close();
    }

    @Test
    void aProviderWithTheBanksCaAndItsClientCertificateIsServed() {
        assertEquals("{\"ok\":true}", probe("mtls"));
        assertEquals(1, bank.requests());
        assertEquals("CN=xs2a-gateway client", bank.lastClientSubject(), "the bank saw the gateway's certificate");
        assertEquals("Bearer mtls-credential", bank.lastAuthorization());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
            "nocert",        // the bank demands a client certificate
            "strangecert",   // a client certificate of a CA the bank does not trust
            "defaulttrust"}) // the JVM's CAs never issued the bank's certificate
    void withoutTheRightCertificatesNoRequestReachesTheBank(String provider) {
        Psd2Exception e = assertThrows(Psd2Exception.class, () -> probe(provider));
        assertEquals(ErrorClass.SERVICE_UNAVAILABLE, e.errorClass(), e.getMessage());
        assertEquals(5, e.retryAfterSeconds());
        assertEquals(0, bank.requests(), "the handshake failed before any request");
    }

    private String probe(String providerCode) {
        return banks.of(providerCode, ProbeApi.class).call("probe", (api, auth) -> api.probe(auth));
    }
}
