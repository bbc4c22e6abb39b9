package eu.xs2a.tpp.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.security.client.RequestSigner;
import eu.xs2a.security.tpp.Role;
import eu.xs2a.testsupport.TestPki;
import eu.xs2a.testsupport.TestTpp;
import eu.xs2a.tpp.CliException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The state folder: where it is, what survives a round trip, and what a broken file says. */
class TppHomeTest {

    private static final TestPki PKI = TestPki.create("Home Test CA");
    private static final TestTpp TPP = PKI.tpp("PSDXX-SANDBOX-111111", "Home TPP", Role.PSP_AI, Role.PSP_IC);

    @TempDir
    Path dir;

    @Test
    void theFolderComesFromTheEnvironment() {
        assertEquals(Path.of("/x/tpp"), TppHome.fromEnvironment(Map.of("XS2A_TPP_HOME", "/x/tpp", "XDG_CONFIG_HOME", "/y")).dir());
        assertEquals(Path.of("/y", "xs2a-tpp"), TppHome.fromEnvironment(Map.of("XDG_CONFIG_HOME", "/y")).dir());
        assertEquals(Path.of(System.getProperty("user.home"), ".config", "xs2a-tpp"),
                TppHome.fromEnvironment(Map.of("XS2A_TPP_HOME", " ")).dir());
    }

    @Test
    void aStoredCertificateComesBackWithItsKeyAndSigns() throws Exception {
        TppHome home = new TppHome(dir.resolve("nested"));
        home.storeCertificate(TPP.certificatePem(), pem(TPP.privateKey()), RequestSigner.pem(PKI.caCertificate()),
                "PSDXX-SANDBOX-111111", "Home TPP", List.of("PSP_AI", "PSP_IC"));
        Credentials credentials = home.requireCredentials();
        assertEquals(TPP.certificate(), credentials.certificate());
        assertEquals(TPP.privateKey(), credentials.privateKey());
        assertEquals("PSDXX-SANDBOX-111111", credentials.organizationIdentifier());
        assertEquals(List.of("PSP_AI", "PSP_IC"), credentials.roles());
        byte[] data = "x".getBytes();
        assertEquals(TPP.signer().keyId(), credentials.signer().keyId());
        java.security.Signature verify = java.security.Signature.getInstance("SHA256withRSA");
        verify.initVerify(TPP.certificate().getPublicKey());
        verify.update(data);
        assertTrue(verify.verify(credentials.signer().signRaw(data)));
        assertTrue(Files.list(home.dir()).noneMatch(f -> f.toString().endsWith(".tmp")), "no temporary file left");
    }

    @Test
    void somethingUnreadableNeverReplacesTheCurrentCertificate() throws Exception {
        TppHome home = new TppHome(dir);
        home.storeCertificate(TPP.certificatePem(), pem(TPP.privateKey()), null, "PSDXX-SANDBOX-111111", "Home TPP",
                List.of("PSP_AI"));
        CliException e = assertThrows(CliException.class, () -> home.storeCertificate("not a certificate",
                pem(TPP.privateKey()), null, "PSDXX-SANDBOX-222222", "Other", List.of("PSP_AI")));
        assertTrue(e.getMessage().contains("the issued certificate is not a PEM certificate"), e.getMessage());
        assertThrows(CliException.class, () -> home.storeCertificate(TPP.certificatePem(), "no key here", null,
                "PSDXX-SANDBOX-222222", "Other", List.of("PSP_AI")));
        assertEquals("PSDXX-SANDBOX-111111", home.requireCredentials().organizationIdentifier());
    }

    @Test
    void aDamagedFileIsNamed() throws Exception {
        TppHome home = new TppHome(dir);
        home.storeCertificate(TPP.certificatePem(), pem(TPP.privateKey()), null, "PSDXX-SANDBOX-111111", "Home TPP",
                List.of("PSP_AI"));
        Files.writeString(home.keyFile(), "garbage");
        CliException e = assertThrows(CliException.class, home::requireCredentials);
        assertTrue(e.getMessage().contains(home.keyFile().toString()), e.getMessage());
    }

    @Test
    void savedValuesAccumulateAndAreClearedOnRequest() {
        TppHome home = new TppHome(dir);
        assertEquals(Map.of(), home.savedValues());
        home.saveValues(Map.of("consentId", "c-1"));
        home.saveValues(Map.of("accountId", "a = 1:2", "consentId", "c-2"));
        assertEquals(Map.of("consentId", "c-2", "accountId", "a = 1:2"), home.savedValues());
        assertEquals(List.of("accountId", "consentId"), List.copyOf(home.savedValues().keySet()), "sorted by name");
        home.clearSavedValues();
        assertEquals(Map.of(), home.savedValues());
    }

    @Test
    void theOpenBankingClientIsKeptOwnerOnlyAndReplacedByTheNextOne() throws Exception {
        TppHome home = new TppHome(dir.resolve("ob"));
        assertEquals(Optional.empty(), home.client());
        home.storeClient(new OpenBankingClient("client-1", Optional.of("s3cr=t:x"), OpenBankingClient.CLIENT_SECRET_BASIC,
                "software-1", "PSDXX-SANDBOX-111111"));
        assertEquals(Optional.of(new OpenBankingClient("client-1", Optional.of("s3cr=t:x"),
                OpenBankingClient.CLIENT_SECRET_BASIC, "software-1", "PSDXX-SANDBOX-111111")), home.client());
        assertEquals(PosixFilePermissions.fromString("rw-------"), Files.getPosixFilePermissions(home.clientFile()),
                "it may hold a client secret");

        home.storeClient(new OpenBankingClient("client-2", Optional.empty(), OpenBankingClient.PRIVATE_KEY_JWT,
                "software-2", "PSDXX-SANDBOX-111111"));
        assertEquals(Optional.empty(), home.client().orElseThrow().clientSecret(), "the old secret does not linger");
        assertEquals("client-2", home.client().orElseThrow().clientId());
    }

    @Test
    void aClientFileWithoutClientIdSaysWhatToRun() throws Exception {
        TppHome home = new TppHome(dir);
        Files.writeString(home.clientFile(), "software_id=software-1\n");
        CliException e = assertThrows(CliException.class, home::client);
        assertTrue(e.getMessage().contains("bin/tpp ob register"), e.getMessage());
    }

    private static String pem(Object object) throws Exception {
        StringWriter out = new StringWriter();
        try (JcaPEMWriter writer = new JcaPEMWriter(out)) {
            writer.writeObject(object);
        }
        return out.toString();
    }
}
