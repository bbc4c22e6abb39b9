package eu.xs2a.security.core;

import static eu.xs2a.security.core.RequestVerifierTest.fails;
import static eu.xs2a.security.core.RequestVerifierTest.signed;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.security.tpp.Role;
import eu.xs2a.testsupport.TestPki;
import eu.xs2a.testsupport.TestTpp;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.cert.X509CRL;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** CRL files read again when they change: real CA, real CRLs on disk, real signed requests. */
class CrlFilesTest {

    private static final TestPki CA = TestPki.create("CRL Reload Test CA");

    @TempDir
    Path dir;
    private Path file;
    private CrlFiles files;
    private TestTpp tpp;
    private RequestVerifier verifier;

    @BeforeEach
    void setUp() throws Exception {
        file = dir.resolve("ca.crl");
        write(CA.crl());
        files = new CrlFiles(List.of(file), List.of(CA.caCertificate()));
        tpp = CA.tpp("PSDDE-BAFIN-700001", "Reload TPP", Role.PSP_AI);
        verifier = new RequestVerifier(VerifierSettings.of(List.of(CA.caCertificate())).withCrls(files.load())
                .withClock(Clock.fixed(RequestVerifierTest.NOW, ZoneOffset.UTC)));
    }

    @Test
    void aRevocationAddedToTheFileIsInForceAfterTheNextCheckAndALiftedOneToo() throws Exception {
        signed(tpp).verify(verifier);
        assertTrue(files.reloadIfChanged().isEmpty(), "unchanged content is not read again");

        write(CA.crl(tpp.certificate()));
        signed(tpp).verify(verifier); // the certificate's cached result stands until the lists are replaced
        List<X509CRL> changed = files.reloadIfChanged().orElseThrow();
        verifier.replaceCrls(changed);
        Psd2Exception e = fails(ErrorClass.CERTIFICATE_REVOKED, () -> signed(tpp).verify(verifier));
        assertTrue(e.getMessage().contains("revoked"), e.getMessage());
        assertSame(changed, files.loaded());

        write(CA.crl());
        verifier.replaceCrls(files.reloadIfChanged().orElseThrow());
        signed(tpp).verify(verifier);
    }

    @Test
    void aBrokenFileKeepsTheListsInForceAndIsReadAgainOnTheNextCheck() throws Exception {
        List<X509CRL> before = files.loaded();
        Files.writeString(file, "-----BEGIN X509 CRL-----\nnot a CRL\n-----END X509 CRL-----\n", StandardCharsets.US_ASCII);
        assertThrows(IllegalStateException.class, files::reloadIfChanged);
        assertSame(before, files.loaded());
        assertThrows(IllegalStateException.class, files::reloadIfChanged, "still broken, still refused");

        write(CA.crl(tpp.certificate()));
        assertEquals(1, files.reloadIfChanged().orElseThrow().get(0).getRevokedCertificates().size());
    }

    @Test
    void aCrlOfAnotherCaIsRefusedOnReloadAsAtStartUp() throws Exception {
        write(TestPki.create("Some Other CA").crl(tpp.certificate()));
        IllegalStateException e = assertThrows(IllegalStateException.class, files::reloadIfChanged);
        assertTrue(e.getMessage().contains("not a configured trust anchor"), e.getMessage());
    }

    @Test
    void aMissingFileIsReported() throws Exception {
        Files.delete(file);
        IllegalStateException e = assertThrows(IllegalStateException.class, files::reloadIfChanged);
        assertTrue(e.getMessage().contains(file.getFileName().toString()), e.getMessage());
    }

    @Test
    void crlsPastTheirNextUpdateAreNamed() {
        Instant now = Instant.now();
        X509CRL due = CA.crlDueAt(now.minus(Duration.ofHours(1)));
        X509CRL current = CA.crl();
        assertEquals(List.of(due), CrlFiles.pastNextUpdate(List.of(due, current), now));
        assertEquals(List.of(), CrlFiles.pastNextUpdate(List.of(current), now));
    }

    private void write(X509CRL crl) throws IOException, GeneralSecurityException {
        Files.write(file, crl.getEncoded());
    }
}
