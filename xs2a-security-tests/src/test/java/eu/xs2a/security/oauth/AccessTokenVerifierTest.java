package eu.xs2a.security.oauth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.testsupport.TestKeys;
import java.security.KeyPair;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.List;
import java.util.function.Consumer;
import org.jose4j.jws.AlgorithmIdentifiers;
import org.jose4j.jws.JsonWebSignature;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.NumericDate;
import org.jose4j.keys.HmacKey;
import org.junit.jupiter.api.Test;

/**
 * The providers' access tokens checked as the services check them (docs/ARCHITECTURE.md "OAuth SCA approach"): a
 * good token, and each reason to refuse one with its Berlin Group code.
 */
class AccessTokenVerifierTest {

    private static final String BASE = "https://gateway.example";
    private static final String TPP = "PSDDE-BAFIN-123456";
    private static final Instant NOW = Instant.parse("2026-05-01T10:00:00Z");
    private static final KeyPair KEY = TestKeys.rsa();
    private static final KeyPair OTHER_KEY = TestKeys.rsa();

    private final AccessTokenVerifier verifier = new AccessTokenVerifier(
            AccessTokenVerifier.publicKey(pem(KEY)), BASE + "/", Clock.fixed(NOW, ZoneOffset.UTC));

    @Test
    void aGoodTokenGivesItsClaims() {
        AccessTokenVerifier.AccessToken token = verifier.verify("Bearer " + token(c -> { }, KEY), "sandbox-oauth", TPP);
        assertEquals("psu1", token.subject());
        assertEquals("client-1", token.clientId());
        assertEquals(List.of("accounts", "AIS:c1"), token.scope());
        assertTrue(token.ofPsu());
        AccessTokenVerifier.AccessToken own = verifier.verify("bearer " + token(c -> c.setSubject("client-1"), KEY),
                "sandbox-oauth", TPP);
        assertFalse(own.ofPsu());
    }

    @Test
    void eachFaultHasItsCode() {
        assertCode(ErrorClass.TOKEN_INVALID, null);
        assertCode(ErrorClass.TOKEN_INVALID, "Basic abc");
        assertCode(ErrorClass.TOKEN_INVALID, "Bearer ");
        assertCode(ErrorClass.TOKEN_UNKNOWN, "Bearer not.a.jwt");
        assertCode(ErrorClass.TOKEN_UNKNOWN, "Bearer " + token(c -> { }, OTHER_KEY));
        assertCode(ErrorClass.TOKEN_UNKNOWN, "Bearer " + token(c -> c.setClaim("org_id", "PSDDE-BAFIN-999999"), KEY));
        assertCode(ErrorClass.TOKEN_UNKNOWN, "Bearer " + token(c -> c.setAudience(BASE + "/sandbox"), KEY));
        assertCode(ErrorClass.TOKEN_UNKNOWN, "Bearer " + token(c -> c.setIssuer(BASE + "/sandbox/oauth"), KEY));
        assertCode(ErrorClass.TOKEN_UNKNOWN, "Bearer " + hs256());
        assertCode(ErrorClass.TOKEN_EXPIRED, "Bearer " + token(c -> c.setExpirationTime(
                NumericDate.fromSeconds(NOW.getEpochSecond() - 1)), KEY));
    }

    private void assertCode(ErrorClass expected, String authorization) {
        Psd2Exception e = assertThrows(Psd2Exception.class, () -> verifier.verify(authorization, "sandbox-oauth", TPP));
        assertEquals(expected, e.errorClass(), e.getMessage());
    }

    private static String token(Consumer<JwtClaims> change, KeyPair key) {
        try {
            JsonWebSignature jws = new JsonWebSignature();
            jws.setPayload(claims(change).toJson());
            jws.setAlgorithmHeaderValue(AlgorithmIdentifiers.RSA_USING_SHA256);
            jws.setKey(key.getPrivate());
            return jws.getCompactSerialization();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** The same claims, MACed with a key made of the public key's bytes (the algorithm-confusion attack). */
    private static String hs256() {
        try {
            JsonWebSignature jws = new JsonWebSignature();
            jws.setPayload(claims(c -> { }).toJson());
            jws.setAlgorithmHeaderValue(AlgorithmIdentifiers.HMAC_SHA256);
            jws.setKey(new HmacKey(pem(KEY).getBytes()));
            jws.setDoKeyValidation(false);
            return jws.getCompactSerialization();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static JwtClaims claims(Consumer<JwtClaims> change) {
        JwtClaims claims = new JwtClaims();
        claims.setIssuer(BASE + "/sandbox-oauth/oauth");
        claims.setAudience(BASE + "/sandbox-oauth");
        claims.setSubject("psu1");
        claims.setClaim("client_id", "client-1");
        claims.setClaim("org_id", TPP);
        claims.setClaim("scope", "accounts AIS:c1");
        claims.setIssuedAt(NumericDate.fromSeconds(NOW.getEpochSecond() - 10));
        claims.setExpirationTime(NumericDate.fromSeconds(NOW.getEpochSecond() + 290));
        change.accept(claims);
        return claims;
    }

    private static String pem(KeyPair key) {
        return "-----BEGIN PUBLIC KEY-----\n" + Base64.getMimeEncoder().encodeToString(key.getPublic().getEncoded())
                + "\n-----END PUBLIC KEY-----\n";
    }
}
