package eu.xs2a.security.revocation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.security.core.RequestVerifier;
import eu.xs2a.security.core.VerifierSettings;
import eu.xs2a.security.tpp.Role;
import eu.xs2a.testsupport.OffsetClock;
import eu.xs2a.testsupport.RevocationServer;
import eu.xs2a.testsupport.TestPki;
import eu.xs2a.testsupport.TestTpp;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Revocation from the sources a certificate names itself: a test CA's own OCSP responder and CRL distribution point
 * ({@link RevocationServer}) on localhost, a verifier whose clock the test moves. No operator action anywhere.
 */
class RevocationTest {

    private final OffsetClock clock = new OffsetClock();
    private TestPki pki;
    private RevocationServer server;

    @BeforeEach
    void start() {
        pki = TestPki.create("XS2A Revocation Test CA");
        server = RevocationServer.start(pki);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void aSealRevokedAtItsQtspByOcspIsRefusedOnceTheKeptAnswerRunsOut() {
        server.validity(Duration.ofMinutes(2));
        TestTpp tpp = pki.tppBuilder().ocsp(server.ocspUrl()).roles(Role.PSP_AI).build();
        RequestVerifier verifier = verifier(true, RevocationSettings.defaults());

        verifier.validateCertificate(tpp.certificateHeader(), clock.instant());
        verifier.validateCertificate(tpp.certificateHeader(), clock.instant());
        assertEquals(1, server.ocspCalls(), "a kept answer costs no network call");

        server.revoke(tpp.certificate());
        server.validity(Duration.ofDays(1));
        verifier.validateCertificate(tpp.certificateHeader(), clock.instant()); // still the kept good answer
        clock.advance(Duration.ofMinutes(3));
        Psd2Exception refused = assertThrows(Psd2Exception.class,
                () -> verifier.validateCertificate(tpp.certificateHeader(), clock.instant()));
        assertEquals(ErrorClass.CERTIFICATE_REVOKED, refused.errorClass());
        assertEquals("CERTIFICATE_REVOKE", refused.errorClass().code());
        assertTrue(refused.getMessage().contains("OCSP " + server.ocspUrl()), refused.getMessage());
        assertEquals(2, server.ocspCalls());
    }

    @Test
    void aSealRevokedOnTheCrlAtItsDistributionPointIsRefusedOnceTheListRunsOut() {
        server.validity(Duration.ofMinutes(2));
        TestTpp tpp = pki.tppBuilder().crlDistributionPoint(server.crlUrl()).roles(Role.PSP_PI).build();
        RequestVerifier verifier = verifier(true, RevocationSettings.defaults());

        verifier.validateCertificate(tpp.certificateHeader(), clock.instant());
        server.revoke(tpp.certificate());
        server.validity(Duration.ofDays(1));
        verifier.validateCertificate(tpp.certificateHeader(), clock.instant());
        assertEquals(1, server.crlCalls(), "the list is kept until its nextUpdate");

        clock.advance(Duration.ofMinutes(3));
        Psd2Exception refused = assertThrows(Psd2Exception.class,
                () -> verifier.validateCertificate(tpp.certificateHeader(), clock.instant()));
        assertEquals(ErrorClass.CERTIFICATE_REVOKED, refused.errorClass());
        assertTrue(refused.getMessage().contains("CRL " + server.crlUrl()), refused.getMessage());
    }

    @Test
    void aCrlInUseIsDownloadedAgainAheadOfItsNextUpdate() {
        server.validity(Duration.ofMinutes(10));
        TestTpp tpp = pki.tppBuilder().crlDistributionPoint(server.crlUrl()).roles(Role.PSP_AI).build();
        RevocationChecker checker = new RevocationChecker(RevocationSettings.defaults(), clock);
        RequestVerifier verifier = new RequestVerifier(settings(true), checker);
        verifier.validateCertificate(tpp.certificateHeader(), clock.instant());

        assertEquals(0, checker.refreshCrls(), "ten minutes ahead: not due yet");
        clock.advance(Duration.ofMinutes(6));
        assertEquals(1, checker.refreshCrls(), "within five minutes of its nextUpdate");
        assertEquals(2, server.crlCalls());
    }

    @Test
    void anUnknownStatusIsRefusedInLiveAndAcceptedWithOneWarningInSandbox() {
        TestTpp tpp = pki.tppBuilder().revocationFrom(server).roles(Role.PSP_AI).build();
        server.down(true);

        Psd2Exception refused = assertThrows(Psd2Exception.class, () -> verifier(true, RevocationSettings.defaults())
                .validateCertificate(tpp.certificateHeader(), clock.instant()));
        assertEquals(ErrorClass.CERTIFICATE_INVALID, refused.errorClass());
        assertTrue(refused.getMessage().startsWith("The revocation status of TPP-Signature-Certificate could not be "
                + "established"), refused.getMessage());
        assertTrue(refused.getMessage().contains("HTTP 503"), refused.getMessage());

        List<LogRecord> warnings = capture(() -> {
            RequestVerifier sandbox = verifier(false, RevocationSettings.defaults());
            sandbox.validateCertificate(tpp.certificateHeader(), clock.instant());
            sandbox.validateCertificate(tpp.certificateHeader(), clock.instant());
        });
        assertEquals(1, warnings.size(), "one WARN per round of asking, not per request");
        assertTrue(warnings.get(0).getMessage().contains(tpp.tppId())
                || String.valueOf(warnings.get(0).getParameters()[0]).contains(tpp.tppId()));

        verifier(true, RevocationSettings.defaults().withSoftFail(true))
                .validateCertificate(tpp.certificateHeader(), clock.instant()); // psd2.revocation.soft-fail in live
    }

    @Test
    void answersNotSignedByTheIssuerAreNoAnswers() {
        TestTpp tpp = pki.tppBuilder().revocationFrom(server).roles(Role.PSP_AI).build();
        server.revoke(tpp.certificate());
        server.signWithForeignKey();

        Psd2Exception refused = assertThrows(Psd2Exception.class, () -> verifier(true, RevocationSettings.defaults())
                .validateCertificate(tpp.certificateHeader(), clock.instant()));
        assertEquals(ErrorClass.CERTIFICATE_INVALID, refused.errorClass(), refused.getMessage());
        assertTrue(refused.getMessage().contains("not signed by the issuer"), refused.getMessage());
        assertTrue(refused.getMessage().contains("not signed by the certificate's issuer"), refused.getMessage());
    }

    @Test
    void itsOwnResponderIsAskedEvenWithACurrentCrlFileOfItsCa() {
        TestTpp tpp = pki.tppBuilder().ocsp(server.ocspUrl()).roles(Role.PSP_AI).build();
        server.revoke(tpp.certificate());
        RequestVerifier verifier = new RequestVerifier(settings(true).withCrls(List.of(pki.crl())),
                checker(RevocationSettings.defaults()));

        Psd2Exception refused = assertThrows(Psd2Exception.class,
                () -> verifier.validateCertificate(tpp.certificateHeader(), clock.instant()));
        assertEquals(ErrorClass.CERTIFICATE_REVOKED, refused.errorClass());
    }

    @Test
    void aCurrentCrlFileOfItsCaIsASourceWhenItNamesNone() {
        TestTpp tpp = pki.tppBuilder().roles(Role.PSP_AI).build();
        RequestVerifier withFile = new RequestVerifier(settings(true).withCrls(List.of(pki.crl())),
                checker(RevocationSettings.defaults()));
        withFile.validateCertificate(tpp.certificateHeader(), clock.instant());

        Psd2Exception refused = assertThrows(Psd2Exception.class, () -> verifier(true, RevocationSettings.defaults())
                .validateCertificate(tpp.certificateHeader(), clock.instant()));
        assertTrue(refused.getMessage().contains("names no OCSP responder"), refused.getMessage());
    }

    @Test
    void aBurstOfRequestsWithOneCertificateAsksEachSourceOnce() {
        TestTpp tpp = pki.tppBuilder().revocationFrom(server).roles(Role.PSP_AI).build();
        RequestVerifier verifier = verifier(true, RevocationSettings.defaults());
        server.hold();
        List<CompletableFuture<Void>> requests = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            requests.add(CompletableFuture.runAsync(
                    () -> verifier.validateCertificate(tpp.certificateHeader(), clock.instant())));
        }
        while (server.ocspCalls() == 0 || server.crlCalls() == 0) {
            Thread.onSpinWait();
        }
        server.release();
        requests.forEach(CompletableFuture::join);
        assertEquals(1, server.ocspCalls());
        assertEquals(1, server.crlCalls());
    }

    @Test
    void aRequestWaitsForItsStatusNoLongerThanTheLimit() {
        TestTpp tpp = pki.tppBuilder().ocsp(server.ocspUrl()).roles(Role.PSP_AI).build();
        RevocationSettings shortWait = new RevocationSettings(Duration.ofSeconds(30), Duration.ofSeconds(1),
                Duration.ofMinutes(1), Duration.ofHours(1), Duration.ofMinutes(5), Optional.empty(), 100);
        server.hold();
        try {
            Psd2Exception refused = assertThrows(Psd2Exception.class,
                    () -> verifier(true, shortWait).validateCertificate(tpp.certificateHeader(), clock.instant()));
            assertTrue(refused.getMessage().contains("no source answered within 1 s"), refused.getMessage());
        } finally {
            server.release();
        }
    }

    private RequestVerifier verifier(boolean live, RevocationSettings revocation) {
        return new RequestVerifier(settings(live), checker(revocation));
    }

    private RevocationChecker checker(RevocationSettings revocation) {
        return new RevocationChecker(revocation, clock);
    }

    private VerifierSettings settings(boolean live) {
        return VerifierSettings.of(List.of(pki.caCertificate())).withClock(clock).withLive(live);
    }

    private static List<LogRecord> capture(Runnable action) {
        List<LogRecord> records = new ArrayList<>();
        Logger logger = Logger.getLogger("eu.xs2a.security.core.CertificateValidator");
        Handler handler = new Handler() {
            @Override
            public void publish(LogRecord record) {
                if (record.getLevel().intValue() >= Level.WARNING.intValue()) {
                    records.add(record);
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        logger.addHandler(handler);
        try {
            action.run();
        } finally {
            logger.removeHandler(handler);
        }
        return records;
    }
}
