package eu.xs2a.security.app;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import eu.xs2a.security.tpp.Role;
import eu.xs2a.testsupport.TestKeys;
import eu.xs2a.testsupport.TestPki;
import eu.xs2a.testsupport.TestPkiResource;
import eu.xs2a.testsupport.TestTpp;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ValidatableResponse;
import java.security.PrivateKey;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import java.util.function.Consumer;
import org.jose4j.jws.AlgorithmIdentifiers;
import org.jose4j.jws.JsonWebSignature;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.NumericDate;
import org.jose4j.lang.JoseException;
import org.junit.jupiter.api.Test;

/**
 * The OAuth tokens a provider asks for (docs/ARCHITECTURE.md "OAuth SCA approach"), checked by BearerTokenFilter after
 * the signature pipeline: at {@code oauth-pre}, a provider with the OAuth pre-step, every signed call needs a PSU's
 * token of the calling TPP, and each fault answers 401 AccessDenied with its own code in the standard body; at
 * {@code oauth-sca} only a call naming a consent does; at {@code sandbox} none.
 */
@QuarkusTest
@QuarkusTestResource(value = TestPkiResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = TestDatabase.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = OAuthKeyResource.class, restrictToAnnotatedClass = false)
class BearerTokenFilterTest {

    private static final String BASE = "http://localhost:8080";
    private static final String AIS = "/oauth-pre/api/berlingroup/v1/ais-shelf/1";
    private static final String PIS = "/oauth-pre/api/berlingroup/v1/pis-shelf/1";
    private static final String TPP_ID = "PSDDE-BAFIN-700001";

    private final TestTpp tpp = TestPki.shared().tpp(TPP_ID, "Pre-step TPP", Role.PSP_AI, Role.PSP_PI);

    @Test
    void thePreStepAsksEverySignedCallForAPsuTokenOfTheCallingTpp() throws Exception {
        get(AIS, "Bearer " + token("oauth-pre", c -> { })).statusCode(200).body("tppId", equalTo(TPP_ID));
        get(PIS, "bearer " + token("oauth-pre", c -> { })).statusCode(200);

        refused(get(AIS, null), "TOKEN_INVALID").body("error_message", containsString("Authorization: Bearer"));
        refused(get(AIS, "Basic YTpi"), "TOKEN_INVALID");
        refused(get(PIS, "Bearer "), "TOKEN_INVALID");
        refused(get(AIS, "Bearer " + token("oauth-pre", c -> c.setSubject("client-1"))), "TOKEN_INVALID");
        refused(get(AIS, "Bearer not.a.jwt"), "TOKEN_UNKNOWN");
        refused(get(AIS, "Bearer " + token("oauth-pre", c -> c.setClaim("org_id", "PSDDE-BAFIN-700002"))),
                "TOKEN_UNKNOWN");
        refused(get(AIS, "Bearer " + token("oauth-sca", c -> { })), "TOKEN_UNKNOWN");
        refused(get(AIS, "Bearer " + signed(claims("oauth-pre", c -> { }), otherKey())), "TOKEN_UNKNOWN");
        refused(get(PIS, "Bearer " + token("oauth-pre", c -> c.setExpirationTime(
                NumericDate.fromSeconds(System.currentTimeMillis() / 1000 - 5)))), "TOKEN_EXPIRED");
    }

    @Test
    void theSignatureIsCheckedBeforeTheToken() {
        Map<String, String> headers = new HashMap<>(tpp.signer().sign("GET", AIS, Map.of(), new byte[0]));
        headers.put("X-Request-ID", UUID.randomUUID().toString()); // no longer the signed one
        given().headers(headers).get(AIS).then().statusCode(401).body("error_text", equalTo("SignatureInvalid"));
        TestTpp payer = TestPki.shared().tpp("PSDDE-BAFIN-700003", "PIS only", Role.PSP_PI);
        given().headers(payer.signer().sign("GET", AIS, Map.of(), new byte[0])).get(AIS).then().statusCode(401)
                .body("error_text", equalTo("RoleInvalid"));
    }

    @Test
    void theScaApproachAsksOnlyACallNamingAConsentAndOtherProvidersNothing() throws Exception {
        String sca = "/oauth-sca/api/berlingroup/v1/ais-shelf/1";
        get(sca, null).statusCode(200);
        refused(send(sca, null, "c-1"), "TOKEN_INVALID");
        refused(send(sca, "Bearer " + token("oauth-sca", c -> c.setClaim("scope", "AIS:c-2")), "c-1"), "TOKEN_INVALID");
        send(sca, "Bearer " + token("oauth-sca", c -> c.setClaim("scope", "accounts AIS:c-1")), "c-1").statusCode(200);
        send("/sandbox/api/berlingroup/v1/ais-shelf/1", null, "c-1").statusCode(200);
    }

    private ValidatableResponse get(String path, String authorization) {
        return send(path, authorization, null);
    }

    private ValidatableResponse send(String path, String authorization, String consentId) {
        Map<String, String> headers = new HashMap<>(tpp.signer().sign("GET", path, Map.of(), new byte[0]));
        if (authorization != null) {
            headers.put("Authorization", authorization);
        }
        if (consentId != null) {
            headers.put("Consent-ID", consentId);
        }
        return given().headers(headers).get(path).then();
    }

    /** 401 AccessDenied with {@code code} in the standard body, echoing the request's id. */
    private static ValidatableResponse refused(ValidatableResponse response, String code) {
        return response.statusCode(401)
                .header("X-Request-ID", org.hamcrest.Matchers.notNullValue())
                .body("error_text", equalTo("AccessDenied"))
                .body("error_code", equalTo(code))
                .body("tppMessages[0].category", equalTo("ERROR"))
                .body("tppMessages[0].code", equalTo(code));
    }

    /** A PSU's token of {@code provider}'s OAuth server for this test's TPP, as registration-service issues them. */
    private static String token(String provider, Consumer<JwtClaims> change) throws JoseException {
        return signed(claims(provider, change), OAuthKeyResource.keys().getPrivate());
    }

    private static JwtClaims claims(String provider, Consumer<JwtClaims> change) {
        JwtClaims claims = new JwtClaims();
        claims.setIssuer(BASE + "/" + provider + "/oauth");
        claims.setAudience(BASE + "/" + provider);
        claims.setSubject("psu1");
        claims.setClaim("client_id", "client-1");
        claims.setClaim("org_id", TPP_ID);
        claims.setClaim("scope", "accounts");
        claims.setIssuedAtToNow();
        claims.setExpirationTimeMinutesInTheFuture(5);
        change.accept(claims);
        return claims;
    }

    private static String signed(JwtClaims claims, PrivateKey key) throws JoseException {
        JsonWebSignature jws = new JsonWebSignature();
        jws.setPayload(claims.toJson());
        jws.setAlgorithmHeaderValue(AlgorithmIdentifiers.RSA_USING_SHA256);
        jws.setKey(key);
        return jws.getCompactSerialization();
    }

    private static PrivateKey otherKey() throws Exception {
        return TestKeys.rsa().getPrivate();
    }
}
