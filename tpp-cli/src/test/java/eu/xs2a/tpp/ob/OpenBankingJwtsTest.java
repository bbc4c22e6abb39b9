package eu.xs2a.tpp.ob;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import eu.xs2a.security.tpp.Role;
import eu.xs2a.testsupport.TestPki;
import eu.xs2a.testsupport.TestTpp;
import eu.xs2a.tpp.state.Credentials;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.util.List;
import org.jose4j.jws.AlgorithmIdentifiers;
import org.jose4j.jws.JsonWebSignature;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.lang.JoseException;
import org.junit.jupiter.api.Test;

/**
 * The JWTs bin/tpp ob sends verify, as registration-service verifies them, with the key of the certificate they carry
 * in x5c, and carry the claims the gateway checks.
 */
class OpenBankingJwtsTest {

    private static final TestPki PKI = TestPki.shared();
    private static final TestTpp TPP = PKI.tpp("PSDXX-SANDBOX-515151", "Example TPP", Role.PSP_AI, Role.PSP_PI);
    private static final TestTpp OTHER = PKI.tpp("PSDXX-SANDBOX-626262", "Other TPP", Role.PSP_AI);
    private static final Credentials CREDENTIALS = new Credentials(TPP.certificate(), TPP.privateKey(),
            TPP.tppId(), "Example TPP", List.of("PSP_AI", "PSP_PI"));
    private static final Instant NOW = Instant.parse("2026-11-24T10:00:00Z");

    @Test
    void aRegistrationRequestIsSignedPs256WithTheCertificateInX5cAndNamesTheSoftware() throws Exception {
        String jwt = OpenBankingJwts.registrationRequest(CREDENTIALS, new OpenBankingJwts.Registration("software-1",
                "ssa.jwt.here", "sandbox-aspsp", List.of("https://tpp.example/cb"), "private_key_jwt", "openid accounts"),
                NOW);

        JsonWebSignature jws = verifiedWithItsOwnCertificate(jwt);
        assertEquals(AlgorithmIdentifiers.RSA_PSS_USING_SHA256, jws.getAlgorithmHeaderValue());
        JwtClaims claims = JwtClaims.parse(jws.getPayload());
        assertEquals("software-1", claims.getIssuer());
        assertEquals(List.of("sandbox-aspsp"), claims.getAudience());
        assertEquals("software-1", claims.getStringClaimValue("software_id"));
        assertEquals("ssa.jwt.here", claims.getStringClaimValue("software_statement"));
        assertEquals(List.of("https://tpp.example/cb"), claims.getStringListClaimValue("redirect_uris"));
        assertEquals(List.of("authorization_code", "client_credentials"), claims.getStringListClaimValue("grant_types"));
        assertEquals("private_key_jwt", claims.getStringClaimValue("token_endpoint_auth_method"));
        assertEquals("PS256", claims.getStringClaimValue("token_endpoint_auth_signing_alg"));
        assertEquals("openid accounts", claims.getStringClaimValue("scope"));
        assertEquals(NOW.getEpochSecond(), claims.getIssuedAt().getValue());
        // within the gateway's max-lifetime (1 h)
        assertEquals(300, claims.getExpirationTime().getValue() - claims.getIssuedAt().getValue());
    }

    @Test
    void withoutAScopeTheRequestAsksForNone() throws Exception {
        String jwt = OpenBankingJwts.registrationRequest(CREDENTIALS, new OpenBankingJwts.Registration("software-1",
                "ssa", "sandbox-aspsp", List.of("https://tpp.example/cb"), "client_secret_basic", null), NOW);
        assertFalse(JwtClaims.parse(verifiedWithItsOwnCertificate(jwt).getPayload()).hasClaim("scope"));
    }

    @Test
    void aClientAssertionNamesTheClientTwiceTheEndpointAndANewJtiEachTime() throws Exception {
        String audience = "http://localhost:8080/api/open-banking/v3.1/tpp/certificates";
        JwtClaims first = JwtClaims.parse(verifiedWithItsOwnCertificate(
                OpenBankingJwts.clientAssertion(CREDENTIALS, "client-7", audience, NOW)).getPayload());
        JwtClaims second = JwtClaims.parse(verifiedWithItsOwnCertificate(
                OpenBankingJwts.clientAssertion(CREDENTIALS, "client-7", audience, NOW)).getPayload());

        assertEquals("client-7", first.getIssuer());
        assertEquals("client-7", first.getSubject());
        assertEquals(List.of(audience), first.getAudience());
        // within the gateway's client-assertion-max-lifetime (5 minutes)
        assertEquals(120, first.getExpirationTime().getValue() - first.getIssuedAt().getValue());
        assertNotEquals(first.getJwtId(), second.getJwtId());
    }

    @Test
    void theSignatureDoesNotVerifyWithAnotherCertificatesKey() throws Exception {
        JsonWebSignature jws = new JsonWebSignature();
        jws.setCompactSerialization(OpenBankingJwts.clientAssertion(CREDENTIALS, "client-7", "aud", NOW));
        jws.setKey(OTHER.certificate().getPublicKey());
        assertFalse(jws.verifySignature());
    }

    @Test
    void aKeyThatIsNotTheCertificatesCannotMakeATokenThatVerifies() throws Exception {
        Credentials mismatched = new Credentials(TPP.certificate(), OTHER.privateKey(), TPP.tppId(), "Example TPP",
                List.of("PSP_AI"));
        String jwt = OpenBankingJwts.clientAssertion(mismatched, "client-7", "aud", NOW);
        assertThrows(AssertionError.class, () -> verifiedWithItsOwnCertificate(jwt));
    }

    /** Parses the JWS, takes the leaf of its x5c and verifies the signature with that certificate's key. */
    private static JsonWebSignature verifiedWithItsOwnCertificate(String compact) throws JoseException {
        JsonWebSignature jws = new JsonWebSignature();
        jws.setCompactSerialization(compact);
        X509Certificate signer = jws.getLeafCertificateHeaderValue();
        assertEquals(TPP.certificate(), signer, "x5c carries the current certificate");
        jws.setKey(signer.getPublicKey());
        if (!jws.verifySignature()) {
            throw new AssertionError("the signature does not verify with the x5c certificate's key");
        }
        return jws;
    }
}
