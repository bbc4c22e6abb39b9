package eu.xs2a.registration.support;

import eu.xs2a.testsupport.TestTpp;
import java.nio.charset.StandardCharsets;
import java.security.Key;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.jose4j.json.JsonUtil;
import org.jose4j.jws.AlgorithmIdentifiers;
import org.jose4j.jws.JsonWebSignature;
import org.jose4j.keys.HmacKey;
import org.jose4j.lang.JoseException;

/** Real JWS tokens for the registration tests, signed with jose4j (no hand-made signatures). */
public final class Jwts {

    private Jwts() {
    }

    /** A software statement of the test directory (its configured key and kid). */
    public static String ssa(Map<String, Object> claims) {
        TestDirectory directory = TestDirectory.get();
        return sign(claims, AlgorithmIdentifiers.RSA_PSS_USING_SHA256, directory.directoryKey(), TestDirectory.KID, null);
    }

    /** SSA claims for a software of the given organisation with one master redirect URI. */
    public static Map<String, Object> ssaClaims(String softwareId, String orgId, String contactEmail) {
        Map<String, Object> claims = new LinkedHashMap<>();
        claims.put("iss", "xs2a-test-directory");
        claims.put("iat", Instant.now().getEpochSecond());
        claims.put("exp", Instant.now().plusSeconds(3600).getEpochSecond());
        claims.put("software_id", softwareId);
        claims.put("software_client_name", "Test App " + softwareId);
        claims.put("software_redirect_uris", List.of("https://tpp.example/cb", "https://tpp.example/cb2"));
        claims.put("software_roles", List.of("AISP", "PISP"));
        claims.put("org_id", orgId);
        claims.put("org_name", "Test Org " + orgId);
        if (contactEmail != null) {
            claims.put("org_contacts", List.of(Map.of("email", contactEmail, "type", "business")));
        }
        return claims;
    }

    /** Registration request claims valid for the given SSA. */
    public static Map<String, Object> requestClaims(String softwareId, String ssa) {
        Map<String, Object> claims = new LinkedHashMap<>();
        long now = Instant.now().getEpochSecond();
        claims.put("iss", softwareId);
        claims.put("iat", now);
        claims.put("exp", now + 300);
        claims.put("aud", "sandbox-aspsp");
        claims.put("jti", UUID.randomUUID().toString());
        claims.put("grant_types", List.of("client_credentials", "authorization_code"));
        claims.put("redirect_uris", List.of("https://tpp.example/cb"));
        claims.put("software_statement", ssa);
        claims.put("software_id", softwareId);
        return claims;
    }

    /** Signed by the TPP's QSEAL, which travels in {@code x5c}. */
    public static String signedByQseal(Map<String, Object> claims, TestTpp tpp, String alg) {
        return sign(claims, alg, tpp.privateKey(), null, tpp.certificate());
    }

    public static String signedByQseal(Map<String, Object> claims, TestTpp tpp) {
        return signedByQseal(claims, tpp, AlgorithmIdentifiers.RSA_PSS_USING_SHA256);
    }

    /** {@code alg: none}: header.payload. with an empty signature. */
    public static String unsigned(Map<String, Object> claims) {
        Base64.Encoder b64 = Base64.getUrlEncoder().withoutPadding();
        return b64.encodeToString("{\"alg\":\"none\",\"typ\":\"JWT\"}".getBytes(StandardCharsets.UTF_8)) + "."
                + b64.encodeToString(JsonUtil.toJson(claims).getBytes(StandardCharsets.UTF_8)) + ".";
    }

    /** HS256 with a shared secret. */
    public static String hs256(Map<String, Object> claims, byte[] secret) {
        JsonWebSignature jws = new JsonWebSignature();
        jws.setPayload(JsonUtil.toJson(claims));
        jws.setAlgorithmHeaderValue(AlgorithmIdentifiers.HMAC_SHA256);
        jws.setKey(new HmacKey(secret));
        jws.setDoKeyValidation(false);
        return serialize(jws);
    }

    public static String sign(Map<String, Object> claims, String alg, PrivateKey key, String kid, X509Certificate x5c) {
        JsonWebSignature jws = new JsonWebSignature();
        jws.setPayload(JsonUtil.toJson(claims));
        jws.setAlgorithmHeaderValue(alg);
        jws.setKey((Key) key);
        if (kid != null) {
            jws.setKeyIdHeaderValue(kid);
        }
        if (x5c != null) {
            jws.setCertificateChainHeaderValue(x5c);
        }
        return serialize(jws);
    }

    /**
     * A compact JWS with the given header as written (jose4j would not write an {@code alg} that is a number) and a
     * signature that verifies nothing: for the checks that come before any signature is verified.
     */
    public static String withHeader(String headerJson, Map<String, Object> claims) {
        Base64.Encoder b64 = Base64.getUrlEncoder().withoutPadding();
        return b64.encodeToString(headerJson.getBytes(StandardCharsets.UTF_8)) + "."
                + b64.encodeToString(JsonUtil.toJson(claims).getBytes(StandardCharsets.UTF_8)) + "."
                + b64.encodeToString("not a signature".getBytes(StandardCharsets.UTF_8));
    }

    /** Replaces the payload of a compact JWS, keeping header and signature: a tampered token. */
    public static String tamper(String compact, Map<String, Object> claims) {
        String[] parts = compact.split("\\.");
        return parts[0] + "." + Base64.getUrlEncoder().withoutPadding()
                .encodeToString(JsonUtil.toJson(claims).getBytes(StandardCharsets.UTF_8)) + "." + parts[2];
    }

    private static String serialize(JsonWebSignature jws) {
        try {
            return jws.getCompactSerialization();
        } catch (JoseException e) {
            throw new IllegalStateException(e);
        }
    }
}
