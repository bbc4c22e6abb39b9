package eu.xs2a.registration.sandbox;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.registration.support.TestDirectory;
import eu.xs2a.security.client.RequestSigner;
import eu.xs2a.security.core.RequestVerifier;
import eu.xs2a.security.core.TrustMaterial;
import eu.xs2a.security.core.VerifierSettings;
import eu.xs2a.security.revocation.RevocationChecker;
import eu.xs2a.security.revocation.RevocationSettings;
import eu.xs2a.security.tpp.Role;
import eu.xs2a.security.tpp.TppIdentity;
import eu.xs2a.testsupport.TestKeys;
import eu.xs2a.testsupport.TestPki;
import eu.xs2a.testsupport.TestTpp;
import java.security.KeyPair;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.security.interfaces.RSAPublicKey;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.bouncycastle.asn1.x509.Extension;
import org.junit.jupiter.api.Test;

/**
 * The sandbox's own certificate issuer makes the QSEAL profile the gateway checks: accepted by the gateway's
 * certificate checks with the roles and organisation asked for, and extension for extension what the test PKI's
 * builder makes for the same inputs.
 */
class SandboxCertificateIssuerTest {

    private static final Instant NOW = Instant.now().truncatedTo(ChronoUnit.SECONDS);
    private static final Instant NOT_BEFORE = NOW.minus(Duration.ofMinutes(5));
    private static final Instant NOT_AFTER = NOW.plus(Duration.ofDays(90));

    // the sandbox CA the service is configured with in tests (SandboxKeysResource): the shared test CA's, as PEM
    private final X509Certificate caCertificate = TrustMaterial.loadCertificates(
            List.of(TestPki.shared().caPemFile())).get(0);
    private final PrivateKey caKey = PemFiles.readPrivateKey(TestDirectory.get().caKeyFile());
    private final SandboxCertificateIssuer issuer = new SandboxCertificateIssuer(caCertificate, caKey);

    private X509Certificate issue(String orgId, String name, Set<Role> roles) throws Exception {
        KeyPair keys = TestKeys.rsa();
        return issuer.issue(keys.getPublic(), orgId, name, roles, NOT_BEFORE, NOT_AFTER);
    }

    /** Step 2 as live or sandbox checks a seal; its revocation status is not asked (a sandbox seal names no source). */
    private static TppIdentity validate(X509Certificate certificate, boolean live, X509Certificate... anchors) {
        RequestVerifier verifier = new RequestVerifier(VerifierSettings.of(List.of(anchors)).withLive(live),
                new RevocationChecker(RevocationSettings.defaults().withSoftFail(true), Clock.systemUTC()));
        return verifier.validateCertificate(RequestSigner.pem(certificate), NOW);
    }

    @Test
    void passesTheGatewaysCertificateChecksWithTheRolesAndOrganisationAskedFor() throws Exception {
        X509Certificate certificate = issue("PSDDE-BAFIN-654321", "Sandbox Dev Ltd", EnumSet.of(Role.PSP_AI, Role.PSP_PI));
        for (boolean live : new boolean[] {false, true}) {
            TppIdentity identity = validate(certificate, live, caCertificate);
            assertEquals("PSDDE-BAFIN-654321", identity.tppId());
            assertEquals("Sandbox Dev Ltd", identity.name());
            assertEquals(Set.of(Role.PSP_AI, Role.PSP_PI), identity.roles());
            assertEquals(SandboxCertificateIssuer.NCA_NAME, identity.ncaName());
            assertEquals(SandboxCertificateIssuer.NCA_ID, identity.ncaId());
        }
        assertEquals(Set.of(Role.values()), validate(issue("PSDDE-BAFIN-654322", "All Roles Ltd",
                EnumSet.allOf(Role.class)), false, caCertificate).roles());
    }

    @Test
    void isRefusedOutsideItsValidityAndByAGatewayThatDoesNotTrustTheSandboxCa() throws Exception {
        X509Certificate certificate = issue("PSDDE-BAFIN-654323", "Sandbox Dev Ltd", EnumSet.of(Role.PSP_AI));
        RequestVerifier verifier = new RequestVerifier(VerifierSettings.of(List.of(caCertificate)));
        Psd2Exception expired = assertThrows(Psd2Exception.class, () -> verifier.validateCertificate(
                RequestSigner.pem(certificate), NOT_AFTER.plusSeconds(1)));
        assertEquals(ErrorClass.CERTIFICATE_EXPIRED, expired.errorClass());
        Psd2Exception untrusted = assertThrows(Psd2Exception.class, () -> validate(certificate, false,
                TestPki.untrusted().caCertificate()));
        assertEquals(ErrorClass.CERTIFICATE_INVALID, untrusted.errorClass());
    }

    @Test
    void hasTheProfileOfTheTestPkisQseal() throws Exception {
        Set<Role> roles = EnumSet.of(Role.PSP_AI, Role.PSP_PI, Role.PSP_IC);
        X509Certificate sandbox = issue("PSDDE-BAFIN-654324", "Sandbox Dev Ltd", roles);
        TestTpp reference = TestPki.of(caCertificate, caKey).tppBuilder().organizationIdentifier("PSDDE-BAFIN-654324")
                .name("Sandbox Dev Ltd").roles(roles).validity(NOT_BEFORE, NOT_AFTER).build();
        X509Certificate expected = reference.certificate();

        assertEquals(expected.getSubjectX500Principal(), sandbox.getSubjectX500Principal());
        assertEquals(expected.getIssuerX500Principal(), sandbox.getIssuerX500Principal());
        assertEquals(expected.getNotBefore(), sandbox.getNotBefore());
        assertEquals(expected.getNotAfter(), sandbox.getNotAfter());
        assertEquals(expected.getSigAlgName(), sandbox.getSigAlgName());
        assertEquals(expected.getVersion(), sandbox.getVersion());
        assertEquals(expected.getPublicKey().getAlgorithm(), sandbox.getPublicKey().getAlgorithm());
        assertEquals(((RSAPublicKey) expected.getPublicKey()).getModulus().bitLength(),
                ((RSAPublicKey) sandbox.getPublicKey()).getModulus().bitLength());
        assertTrue(sandbox.getSerialNumber().bitLength() >= 63, "a random serial of 63 or 64 bits");
        assertEquals(expected.getCriticalExtensionOIDs(), sandbox.getCriticalExtensionOIDs());
        assertEquals(expected.getNonCriticalExtensionOIDs(), sandbox.getNonCriticalExtensionOIDs());
        for (String oid : expected.getNonCriticalExtensionOIDs()) {
            if (!oid.equals(Extension.subjectKeyIdentifier.getId())) { // a hash of each certificate's own key
                assertArrayEquals(expected.getExtensionValue(oid), sandbox.getExtensionValue(oid), oid);
            }
        }
        for (String oid : expected.getCriticalExtensionOIDs()) {
            assertArrayEquals(expected.getExtensionValue(oid), sandbox.getExtensionValue(oid), oid);
        }
        assertEquals(validate(expected, true, caCertificate).roles(), validate(sandbox, true, caCertificate).roles());
    }
}
