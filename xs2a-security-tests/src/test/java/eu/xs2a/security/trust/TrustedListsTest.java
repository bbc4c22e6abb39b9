package eu.xs2a.security.trust;

import static eu.xs2a.security.trust.TestTrustedList.FOR_E_SEALS;
import static eu.xs2a.security.trust.TestTrustedList.FOR_WEB;
import static eu.xs2a.security.trust.TestTrustedList.GRANTED;
import static eu.xs2a.security.trust.TestTrustedList.WITHDRAWN;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.security.core.RequestVerifier;
import eu.xs2a.security.core.TrustedListAnchors;
import eu.xs2a.security.core.VerifierSettings;
import eu.xs2a.security.revocation.Downloads;
import eu.xs2a.security.revocation.RevocationChecker;
import eu.xs2a.security.revocation.RevocationSettings;
import eu.xs2a.security.tpp.Role;
import eu.xs2a.security.tpp.TppIdentity;
import eu.xs2a.testsupport.FileServer;
import eu.xs2a.testsupport.RevocationServer;
import eu.xs2a.testsupport.TestPki;
import eu.xs2a.testsupport.TestTpp;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.CertificateEncodingException;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Trust anchors from trusted lists, end to end with DSS: a list of trusted lists (a file) pointing to one national
 * list (served over http on localhost), both ETSI TS 119 612 XML signed with XAdES by test-made keys; seals from the
 * listed QTSP's CAs, each with its own OCSP responder or CRL on localhost; unknown revocation refused, so every
 * accepted seal had its status (and its CAs') established.
 */
class TrustedListsTest {

    private static final Instant NOW = Instant.now();
    private static final TestTrustedList.Signer LOTL_SIGNER = TestTrustedList.Signer.create("Test LOTL signer");
    private static final TestTrustedList.Signer TL_SIGNER = TestTrustedList.Signer.create("Test TL signer");

    private static TestPki sealCa;
    private static TestPki withdrawnCa;
    private static TestPki webCa;
    private static TestPki rootCa;
    private static final List<RevocationServer> QTSPS = new ArrayList<>();
    private static RevocationServer sealQtsp;
    private static RevocationServer withdrawnQtsp;
    private static RevocationServer webQtsp;
    private static RevocationServer rootQtsp;
    private static FileServer http;
    private static byte[] signedList;

    @TempDir
    Path dir;
    private final List<TrustedLists> opened = new ArrayList<>();

    @BeforeAll
    static void listAndServe() {
        sealCa = TestPki.createWithSubject("CN=Test QTSP Seal CA,O=Test QTSP GmbH,C=DE");
        withdrawnCa = TestPki.createWithSubject("CN=Test QTSP Withdrawn CA,O=Test QTSP GmbH,C=DE");
        webCa = TestPki.createWithSubject("CN=Test QTSP Website CA,O=Test QTSP GmbH,C=DE");
        rootCa = TestPki.createWithSubject("CN=Test QTSP Root CA,O=Test QTSP GmbH,C=DE");
        sealQtsp = started(sealCa);
        withdrawnQtsp = started(withdrawnCa);
        webQtsp = started(webCa);
        rootQtsp = started(rootCa);
        http = FileServer.start();
        Instant twoYearsAgo = NOW.minus(Duration.ofDays(730));
        String list = TestTrustedList.nationalList(1, List.of(
                new TestTrustedList.Service("Seal CA", sealCa.caCertificate(),
                        List.of(new TestTrustedList.Status(twoYearsAgo, GRANTED, List.of(FOR_E_SEALS)))),
                new TestTrustedList.Service("Withdrawn CA", withdrawnCa.caCertificate(), List.of(
                        new TestTrustedList.Status(twoYearsAgo, GRANTED, List.of(FOR_E_SEALS)),
                        new TestTrustedList.Status(NOW.minus(Duration.ofDays(1)), WITHDRAWN, List.of(FOR_E_SEALS)))),
                new TestTrustedList.Service("Website CA", webCa.caCertificate(),
                        List.of(new TestTrustedList.Status(twoYearsAgo, GRANTED, List.of(FOR_WEB)))),
                new TestTrustedList.Service("Root CA", rootCa.caCertificate(),
                        List.of(new TestTrustedList.Status(twoYearsAgo, GRANTED, List.of(FOR_E_SEALS))))));
        signedList = TestTrustedList.sign(list, TL_SIGNER);
    }

    private static RevocationServer started(TestPki pki) {
        RevocationServer server = RevocationServer.start(pki);
        QTSPS.add(server);
        return server;
    }

    @AfterAll
    static void stopServers() {
        QTSPS.forEach(RevocationServer::close);
        http.close();
    }

    @AfterEach
    void closeLists() {
        opened.forEach(TrustedLists::close);
    }

    @Test
    void aSealOfAGrantedForeSealsServiceIsAcceptedAndOneIssuedAfterItsWithdrawalIsRefused() throws IOException {
        RequestVerifier verifier = verifier(loaded(lotlFile("/tl-granted.xml"), LOTL_SIGNER.certificate()));

        TestTpp seal = sealCa.tppBuilder().revocationFrom(sealQtsp).roles(Role.PSP_AI).build();
        TppIdentity identity = verifier.validateCertificate(seal.certificateHeader(), Instant.now());
        assertEquals(seal.tppId(), identity.tppId());

        // issued while its service was granted: still accepted after the withdrawal
        TestTpp before = withdrawnCa.tppBuilder().revocationFrom(withdrawnQtsp).roles(Role.PSP_AI)
                .validity(NOW.minus(Duration.ofDays(2)), NOW.plus(Duration.ofDays(300))).build();
        verifier.validateCertificate(before.certificateHeader(), Instant.now());

        TestTpp after = withdrawnCa.tppBuilder().revocationFrom(withdrawnQtsp).roles(Role.PSP_AI).build();
        Psd2Exception refused = assertThrows(Psd2Exception.class,
                () -> verifier.validateCertificate(after.certificateHeader(), Instant.now()));
        assertEquals(ErrorClass.CERTIFICATE_INVALID, refused.errorClass());
        assertTrue(refused.getMessage().contains("Svcstatus/withdrawn")
                && refused.getMessage().contains("Test QTSP Withdrawn CA"), refused.getMessage());
    }

    @Test
    void aSealOfACaListedOnlyForWebsiteAuthenticationIsRefused() throws IOException {
        RequestVerifier verifier = verifier(loaded(lotlFile("/tl-web.xml"), LOTL_SIGNER.certificate()));

        TestTpp seal = webCa.tppBuilder().revocationFrom(webQtsp).roles(Role.PSP_AI).build();
        Psd2Exception refused = assertThrows(Psd2Exception.class,
                () -> verifier.validateCertificate(seal.certificateHeader(), Instant.now()));
        assertEquals(ErrorClass.CERTIFICATE_INVALID, refused.errorClass());
        assertTrue(refused.getMessage().contains("not for electronic seals"), refused.getMessage());
    }

    @Test
    void aListWhoseSignatureDoesNotVerifyIsNotUsedAndTheLastGoodCopyStaysInForce() throws IOException {
        Path lotl = lotlFile("/tl-tampered.xml");
        TrustedLists lists = open(lotl, LOTL_SIGNER.certificate());
        RequestVerifier verifier = verifier(lists.load());
        TestTpp seal = sealCa.tppBuilder().revocationFrom(sealQtsp).roles(Role.PSP_AI).build();
        TestTpp web = webCa.tppBuilder().revocationFrom(webQtsp).roles(Role.PSP_AI).build();
        verifier.validateCertificate(seal.certificateHeader(), Instant.now());

        // someone makes the website CA a seal CA in the served list: the signature no longer verifies
        byte[] tampered = new String(signedList, StandardCharsets.UTF_8)
                .replace(FOR_WEB, FOR_E_SEALS).getBytes(StandardCharsets.UTF_8);
        http.put("/tl-tampered.xml", tampered);
        assertEquals(Optional.empty(), lists.refresh(), "the last good copy stays in force");
        verifier.validateCertificate(seal.certificateHeader(), Instant.now());
        assertEquals(ErrorClass.CERTIFICATE_INVALID, assertThrows(Psd2Exception.class,
                () -> verifier.validateCertificate(web.certificateHeader(), Instant.now())).errorClass());

        // a service that never had a good copy anchors nothing: every seal is refused
        Path fresh = Files.createDirectory(dir.resolve("fresh"));
        TrustedLists never = new TrustedLists(List.of(new TrustedLists.Source("eu", lotl.toString(),
                TrustedLists.Kind.lotl, List.of(LOTL_SIGNER.certificate()), Optional.empty())),
                fresh.resolve("cache"), new Downloads(Duration.ofSeconds(5)), Clock.systemUTC());
        opened.add(never);
        assertTrue(never.load().services().isEmpty());
        RequestVerifier none = verifier(never.anchors());
        Psd2Exception refused = assertThrows(Psd2Exception.class,
                () -> none.validateCertificate(seal.certificateHeader(), Instant.now()));
        assertEquals(ErrorClass.CERTIFICATE_INVALID, refused.errorClass());
        assertTrue(refused.getMessage().contains("no trusted list could be loaded"), refused.getMessage());
    }

    @Test
    void aNationalListNamedDirectlyIsUsedWithItsOwnSigningCertificates() {
        String location = http.put("/tl-direct.xml", signedList);
        TrustedLists lists = new TrustedLists(List.of(new TrustedLists.Source("de", location, TrustedLists.Kind.tl,
                List.of(TL_SIGNER.certificate()), Optional.empty())), dir.resolve("cache"),
                new Downloads(Duration.ofSeconds(5)), Clock.systemUTC());
        opened.add(lists);
        RequestVerifier verifier = verifier(lists.load());
        assertEquals(List.of(location), lists.anchors().lists());
        TestTpp seal = sealCa.tppBuilder().revocationFrom(sealQtsp).roles(Role.PSP_AI).build();
        assertEquals(seal.tppId(), verifier.validateCertificate(seal.certificateHeader(), Instant.now()).tppId());
    }

    @Test
    void aListOfListsSignedByAnotherKeyIsNotUsed() throws IOException {
        TrustedLists lists = open(lotlFile("/tl-lotl-signer.xml"), TL_SIGNER.certificate());
        RequestVerifier verifier = verifier(lists.load());
        assertTrue(lists.anchors().services().isEmpty());
        TestTpp seal = sealCa.tppBuilder().revocationFrom(sealQtsp).roles(Role.PSP_AI).build();
        assertEquals(ErrorClass.CERTIFICATE_INVALID, assertThrows(Psd2Exception.class,
                () -> verifier.validateCertificate(seal.certificateHeader(), Instant.now())).errorClass());
    }

    @Test
    void anIntermediateFromAiaCaIssuersWorksAndOneRevokedByItsCasCrlIsRefused() throws Exception {
        RequestVerifier verifier = verifier(loaded(lotlFile("/tl-aia.xml"), LOTL_SIGNER.certificate()));
        TestPki issuing = rootCa.intermediate("Test QTSP Issuing CA 1", rootQtsp.crlUrl());
        TestPki revokedIssuing = rootCa.intermediate("Test QTSP Issuing CA 2", rootQtsp.crlUrl());
        String url = http.put("/issuing-1.crt", der(issuing.caCertificate()));
        String revokedUrl = http.put("/issuing-2.crt", der(revokedIssuing.caCertificate()));
        RevocationServer issuingQtsp = started(issuing);
        RevocationServer revokedIssuingQtsp = started(revokedIssuing);
        rootQtsp.revoke(revokedIssuing.caCertificate());

        TestTpp seal = issuing.tppBuilder().caIssuers(url).revocationFrom(issuingQtsp).roles(Role.PSP_PI).build();
        assertEquals(seal.tppId(), verifier.validateCertificate(seal.certificateHeader(), Instant.now()).tppId());
        verifier.validateCertificate(seal.certificateHeader(), Instant.now());
        assertEquals(1, http.calls("/issuing-1.crt"), "the issuing CA is downloaded once");
        assertEquals(1, rootQtsp.crlCalls(), "the issuing CA's status is kept until the CRL's nextUpdate");

        TestTpp underRevoked = revokedIssuing.tppBuilder().caIssuers(revokedUrl)
                .revocationFrom(revokedIssuingQtsp).roles(Role.PSP_PI).build();
        Psd2Exception refused = assertThrows(Psd2Exception.class,
                () -> verifier.validateCertificate(underRevoked.certificateHeader(), Instant.now()));
        assertEquals(ErrorClass.CERTIFICATE_REVOKED, refused.errorClass());
        assertTrue(refused.getMessage().contains("Test QTSP Issuing CA 2")
                && refused.getMessage().contains("CRL " + rootQtsp.crlUrl()), refused.getMessage());
    }

    /** A LOTL file pointing to the national list served at {@code path}, signed by the LOTL signer. */
    private Path lotlFile(String path) throws IOException {
        String location = http.put(path, signedList);
        Path file = dir.resolve("lotl.xml");
        Files.write(file, TestTrustedList.sign(TestTrustedList.listOfLists(1, location, TL_SIGNER.certificate()),
                LOTL_SIGNER));
        return file;
    }

    private TrustedLists open(Path lotl, X509Certificate lotlSigner) {
        TrustedLists lists = new TrustedLists(List.of(new TrustedLists.Source("eu", lotl.toString(),
                TrustedLists.Kind.lotl, List.of(lotlSigner), Optional.empty())), dir.resolve("cache"),
                new Downloads(Duration.ofSeconds(5)), Clock.systemUTC());
        opened.add(lists);
        return lists;
    }

    private TrustedListAnchors loaded(Path lotl, X509Certificate lotlSigner) {
        TrustedListAnchors anchors = open(lotl, lotlSigner).load();
        assertEquals(4, anchors.services().size(), "the four CA/QC services of the list");
        return anchors;
    }

    /** Live-strict: no PEM anchors, and a seal (or CA) whose revocation status is unknown is refused. */
    private static RequestVerifier verifier(TrustedListAnchors anchors) {
        RequestVerifier verifier = new RequestVerifier(VerifierSettings.of(List.of()),
                new RevocationChecker(RevocationSettings.defaults().withSoftFail(false), Clock.systemUTC()));
        verifier.replaceTrustedListAnchors(anchors);
        return verifier;
    }

    private static byte[] der(X509Certificate certificate) throws CertificateEncodingException {
        return certificate.getEncoded();
    }
}
