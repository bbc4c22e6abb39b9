package eu.xs2a.security.core;

import static eu.xs2a.security.core.RequestVerifierTest.BODY;
import static eu.xs2a.security.core.RequestVerifierTest.fails;
import static eu.xs2a.security.core.RequestVerifierTest.signed;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.error.SignatureDebug;
import eu.xs2a.security.client.RequestSigner;
import eu.xs2a.security.tpp.Role;
import eu.xs2a.testsupport.TestPki;
import eu.xs2a.testsupport.TestTpp;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The verifier's side of the signature debugger (no server; over HTTP: the app's SignatureDebuggerTest). */
class SignatureDebugTest {

    static TestTpp tpp;

    @BeforeAll
    static void setUp() {
        RequestVerifierTest.setUp();
        tpp = RequestVerifierTest.tpp;
    }

    @Test
    void aNonAsciiValueIsShownAsTheTextItCarries() {
        RequestVerifierTest.Req req = signed(tpp, Map.of("PSU-ID", "Müller"), BODY);
        req.set("PSU-ID", HeaderText.wireForm("Müler"));   // changed after signing, sent as UTF-8 octets
        SignatureDebug debug = fails(ErrorClass.SIGNATURE_INVALID, req::verify).signatureDebug();
        assertTrue(debug.signingString().endsWith("\npsu-id: Müler"), debug.signingString());
        assertEquals(List.of("digest", "x-request-id", "date", "psu-id"), debug.headers());
    }

    @Test
    void theLiveVerifierGivesNoDetail() {
        RequestVerifier live = RequestVerifierTest.verifierTrusting(TestPki.shared(), true);
        TestTpp qseal = TestPki.shared().tpp("PSDDE-BAFIN-700010", "Live TPP", Role.PSP_AI);
        RequestVerifierTest.Req tamperedHeader = signed(qseal, Map.of("PSU-ID", "PSU-1"), BODY).set("PSU-ID", "PSU-2");
        assertNull(fails(ErrorClass.SIGNATURE_INVALID, () -> tamperedHeader.verify(live)).signatureDebug());
        RequestVerifierTest.Req tamperedBody = signed(qseal);
        tamperedBody.body = "{}".getBytes(StandardCharsets.UTF_8);
        Psd2Exception digest = fails(ErrorClass.SIGNATURE_INVALID, () -> tamperedBody.verify(live));
        assertEquals("Digest does not match the hash of the request body", digest.getMessage());
        assertNull(digest.signatureDebug());
    }

    @Test
    void aDigestMismatchShowsTheStringTheClientSigned() {
        RequestVerifierTest.Req req = signed(tpp);
        req.body = "{}".getBytes(StandardCharsets.UTF_8);
        SignatureDebug debug = fails(ErrorClass.SIGNATURE_INVALID, req::verify).signatureDebug();
        assertEquals(RequestSigner.signingString(debug.headers(), req.headers), debug.signingString());
        assertEquals(req.headers.get("Digest"), debug.digestReceived());
        assertEquals(tpp.signer().digest(req.body), debug.digestComputed());
    }
}
