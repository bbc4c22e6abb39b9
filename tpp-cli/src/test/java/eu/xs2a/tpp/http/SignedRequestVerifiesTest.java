package eu.xs2a.tpp.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.error.SignatureDebug;
import eu.xs2a.security.client.RequestSigner;
import eu.xs2a.security.core.RequestHeaders;
import eu.xs2a.security.core.RequestVerifier;
import eu.xs2a.security.core.VerifiedRequest;
import eu.xs2a.security.core.VerifierSettings;
import eu.xs2a.security.tpp.Role;
import eu.xs2a.testsupport.TestPki;
import eu.xs2a.testsupport.TestTpp;
import eu.xs2a.tpp.http.RequestBuilder.Header;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** What the CLI signs passes xs2a-security's verifier (the gateway's pipeline steps 1-6), and only that. */
class SignedRequestVerifiesTest {

    private static final TestPki PKI = TestPki.shared();
    private static final TestTpp TPP = PKI.tpp("PSDXX-SANDBOX-424242", "Example TPP", Role.PSP_AI, Role.PSP_PI);
    private static final RequestVerifier VERIFIER = new RequestVerifier(VerifierSettings.of(List.of(PKI.caCertificate())));
    private static final URI CONSENTS = URI.create("http://localhost:8080/sandbox/api/berlingroup/v1/consents");

    @Test
    void aSignedConsentCreationVerifiesAndNamesTheTpp() {
        byte[] body = "{\r\n  \"access\": {\"allPsd2\": \"allAccounts\"},\n  \"recurringIndicator\": true\n}\n"
                .getBytes(StandardCharsets.UTF_8);
        OutgoingRequest request = RequestBuilder.build(TPP.signer(), "POST", CONSENTS,
                List.of(Header.parse("TPP-Redirect-Preferred:true"), Header.parse("TPP-Redirect-URI:https://tpp.example/cb"),
                        Header.parse("PSU-ID:psu1")), body, "10.0.0.1");
        VerifiedRequest verified = verify(request, request.body());
        assertEquals("PSDXX-SANDBOX-424242", verified.identity().tppId());
        assertEquals(request.header("X-Request-ID"), verified.requestId().toString());
        RequestVerifier.requireRole(verified.identity(), Set.of(Role.PSP_AI));
    }

    @Test
    void aSignedGetWithoutBodyVerifies() {
        URI accounts = URI.create("http://localhost:8080/sandbox/api/berlingroup/v1/accounts?withBalance=true");
        OutgoingRequest request = RequestBuilder.build(TPP.signer(), "GET", accounts,
                List.of(Header.parse("Consent-ID:c-1")), new byte[0], null);
        assertEquals("PSDXX-SANDBOX-424242", verify(request, new byte[0]).identity().tppId());
    }

    @Test
    void aBodyChangedAfterSigningIsRefused() {
        OutgoingRequest request = RequestBuilder.build(TPP.signer(), "POST", CONSENTS, List.of(),
                "{\"a\":1}".getBytes(StandardCharsets.UTF_8), null);
        Psd2Exception e = assertThrows(Psd2Exception.class,
                () -> verify(request, "{\"a\":2}".getBytes(StandardCharsets.UTF_8)));
        assertEquals(ErrorClass.SIGNATURE_INVALID, e.errorClass());
    }

    @Test
    void aSignedHeaderChangedAfterSigningIsRefused() {
        OutgoingRequest request = RequestBuilder.build(TPP.signer(), "POST", CONSENTS,
                List.of(Header.parse("TPP-Redirect-URI:https://tpp.example/cb")), new byte[0], null);
        Map<String, String> tampered = new LinkedHashMap<>(request.headers());
        tampered.put("TPP-Redirect-URI", "https://evil.example/cb");
        Psd2Exception e = assertThrows(Psd2Exception.class, () -> VERIFIER.verify("POST", CONSENTS.getRawPath(),
                RequestHeaders.of(tampered), new byte[0]));
        assertEquals(ErrorClass.SIGNATURE_INVALID, e.errorClass());
    }

    @Test
    void aWrongDigestGivenOnPurposeIsRefused() {
        OutgoingRequest request = RequestBuilder.build(TPP.signer(), "GET", CONSENTS,
                List.of(Header.parse("Digest:SHA-256=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=")), "x".getBytes(), null);
        assertEquals(ErrorClass.SIGNATURE_INVALID,
                assertThrows(Psd2Exception.class, () -> verify(request, request.body())).errorClass());
    }

    @Test
    void theSigningStringOfACorrectRequestIsWhatTheSandboxDebuggerShows() {
        // a developer diffs their signing string with the gateway's signatureDebug: for what bin/tpp signs they agree
        byte[] body = "{\"access\":{\"allPsd2\":\"allAccounts\"}}".getBytes(StandardCharsets.UTF_8);
        OutgoingRequest request = RequestBuilder.build(TPP.signer(), "POST", CONSENTS,
                List.of(Header.parse("TPP-Redirect-URI:https://tpp.example/cb"), Header.parse("PSU-ID:psu1")), body, null);
        Matcher list = Pattern.compile("headers=\"([^\"]+)\"").matcher(request.header("Signature"));
        assertTrue(list.find(), request.header("Signature"));
        List<String> signed = List.of(list.group(1).split(" "));
        String cliSigned = RequestSigner.signingString(signed, request.headers());

        // the signature verifies, the body that arrives is another: the debugger shows the string it verified
        SignatureDebug debug = assertThrows(Psd2Exception.class, () -> verify(request, "{}".getBytes(StandardCharsets.UTF_8)))
                .signatureDebug();
        assertEquals(cliSigned, debug.signingString());
        assertEquals(signed, debug.headers());
        assertEquals(request.header("Digest"), debug.digestReceived());
        assertEquals(TPP.signer().digest("{}".getBytes(StandardCharsets.UTF_8)), debug.digestComputed());
    }

    @Test
    void aCertificateFromAnotherCaIsRefused() {
        TestTpp stranger = TestPki.untrusted().tpp("PSDXX-SANDBOX-666666", "Mallory", Role.PSP_AI);
        OutgoingRequest request = RequestBuilder.build(stranger.signer(), "GET", CONSENTS, List.of(), new byte[0], null);
        assertEquals(ErrorClass.CERTIFICATE_INVALID,
                assertThrows(Psd2Exception.class, () -> verify(request, new byte[0])).errorClass());
    }

    @Test
    void anUnsignedRequestIsRefused() {
        OutgoingRequest request = RequestBuilder.build(null, "GET", CONSENTS, List.of(), new byte[0], null);
        assertEquals(ErrorClass.CERTIFICATE_MISSING,
                assertThrows(Psd2Exception.class, () -> verify(request, new byte[0])).errorClass());
    }

    private static VerifiedRequest verify(OutgoingRequest request, byte[] bodyAsReceived) {
        String target = request.uri().getRawPath() + (request.uri().getRawQuery() == null ? "" : "?" + request.uri().getRawQuery());
        return VERIFIER.verify(request.method(), target, RequestHeaders.of(request.headers()), bodyAsReceived);
    }
}
