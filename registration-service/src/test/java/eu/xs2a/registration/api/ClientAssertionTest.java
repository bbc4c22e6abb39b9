package eu.xs2a.registration.api;

import static eu.xs2a.registration.support.Api.OB_CERTIFICATES;
import static eu.xs2a.registration.support.Api.assertError;
import static eu.xs2a.registration.support.Api.registerJwt;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import eu.xs2a.registration.domain.TppCertificate;
import eu.xs2a.registration.support.Api;
import eu.xs2a.registration.support.Concurrently;
import eu.xs2a.registration.support.Jwts;
import eu.xs2a.registration.support.OpenBankingClient;
import eu.xs2a.security.tpp.Role;
import eu.xs2a.testsupport.TestKeys;
import eu.xs2a.testsupport.TestPki;
import eu.xs2a.testsupport.TestTpp;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.interfaces.RSAPublicKey;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import org.jose4j.json.JsonUtil;
import org.jose4j.jwk.JsonWebKey;
import org.jose4j.jwk.JsonWebKeySet;
import org.jose4j.jwk.RsaJsonWebKey;
import org.jose4j.jws.AlgorithmIdentifiers;
import org.junit.jupiter.api.Test;

/**
 * A private_key_jwt client, which has no secret, adds certificates with a client assertion (RFC 7523): signed by a
 * QSEAL of its organisation (x5c) or a key of its software_jwks (kid), for this endpoint, short-lived, used once.
 */
@QuarkusTest
class ClientAssertionTest {

    private static final String JWT_BEARER = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";
    /** The endpoint under the test profile's public base URL (psd2.public-base-url's default). */
    private static final String AUDIENCE = "http://localhost:8080" + OB_CERTIFICATES;
    private static final ObjectMapper JSON = new ObjectMapper();

    /** A private_key_jwt client registered by DCR, signed by its organisation's QSEAL, which also signs its assertions. */
    private record KeyClient(String id, String orgId, TestTpp qseal) {

        static KeyClient register(String signingAlg) {
            String softwareId = "sw" + UUID.randomUUID().toString().replace("-", "");
            String orgId = Api.orgId();
            TestTpp qseal = TestPki.shared().tpp(orgId, "Key TPP", Role.PSP_AI);
            Map<String, Object> claims = Jwts.requestClaims(softwareId,
                    Jwts.ssa(Jwts.ssaClaims(softwareId, orgId, Api.email("pkj"))));
            claims.put("token_endpoint_auth_method", "private_key_jwt");
            claims.put("token_endpoint_auth_signing_alg", signingAlg);
            String id = registerJwt(Jwts.signedByQseal(claims, qseal)).then().statusCode(200)
                    .body("client_secret", equalTo(null)).extract().path("client_id");
            return new KeyClient(id, orgId, qseal);
        }

        /** Valid assertion claims: iss = sub = client_id, this endpoint, exp in a minute, a fresh jti. */
        Map<String, Object> claims() {
            long now = Instant.now().getEpochSecond();
            Map<String, Object> claims = new LinkedHashMap<>();
            claims.put("iss", id);
            claims.put("sub", id);
            claims.put("aud", AUDIENCE);
            claims.put("iat", now);
            claims.put("exp", now + 60);
            claims.put("jti", UUID.randomUUID().toString());
            return claims;
        }

        String assertion(Map<String, Object> claims) {
            return Jwts.signedByQseal(claims, qseal);
        }

        String assertion() {
            return assertion(claims());
        }

        /** A new QSEAL of the organisation to add. */
        TestTpp newQseal(Role... roles) {
            return TestPki.shared().tpp(orgId, "Key TPP", roles);
        }

        long storedCertificates() {
            return QuarkusTransaction.requiringNew().call(() -> TppCertificate.count("tppId", orgId));
        }
    }

    private static String body(String assertionType, Object assertion, TestTpp certificate) throws Exception {
        Map<String, Object> body = new LinkedHashMap<>();
        if (assertionType != null) {
            body.put("client_assertion_type", assertionType);
        }
        if (assertion != null) {
            body.put("client_assertion", assertion);
        }
        body.put("data", Map.of("certificate", Map.of("pem", certificate.certificatePem(), "name", "pkj-qseal",
                "type", "qseal")));
        return JSON.writeValueAsString(body);
    }

    private static Response add(String body) {
        return given().contentType("application/json").body(body.getBytes(StandardCharsets.UTF_8)).post(OB_CERTIFICATES);
    }

    private static Response add(String assertion, TestTpp certificate) throws Exception {
        return add(body(JWT_BEARER, assertion, certificate));
    }

    @Test
    void aPrivateKeyJwtClientAddsACertificateWithAnAssertionThatIsGoodForOneRequest() throws Exception {
        KeyClient client = KeyClient.register("PS256");
        TestTpp added = client.newQseal(Role.PSP_AI, Role.PSP_PI);
        String assertion = client.assertion();
        add(assertion, added).then().statusCode(200)
                .body("data.client_id", equalTo(client.id()))
                .body("data.organisation_id", equalTo(client.orgId()))
                .body("data.certificate.status", equalTo("valid"))
                .body("data.scopes", contains("accounts", "transactions", "kyc", "payments", "funds_availability"));
        assertEquals(1, client.storedCertificates());

        // the same assertion again: refused, even for the request that succeeded
        assertError(add(assertion, added), 401, "AccessDenied", "'jti'");
        // a new one for the same certificate: the add is idempotent as with Basic
        add(client.assertion(), added).then().statusCode(200).body("data.certificate.serial",
                equalTo(added.certificate().getSerialNumber().toString(16).toUpperCase()));
        assertEquals(1, client.storedCertificates());
    }

    @Test
    void theClientsRegisteredSigningAlgorithmIsTheOneAccepted() throws Exception {
        KeyClient client = KeyClient.register("RS256");
        TestTpp added = client.newQseal(Role.PSP_AI);
        assertError(add(client.assertion(), added), 401, "AccessDenied", "token_endpoint_auth_signing_alg 'RS256'");
        add(Jwts.signedByQseal(client.claims(), client.qseal(), AlgorithmIdentifiers.RSA_USING_SHA256), added)
                .then().statusCode(200);
    }

    @Test
    void anAssertionSignedByAKeyOfTheSoftwareJwksAuthenticates() throws Exception {
        KeyPair softwareKey = TestKeys.rsa();
        RsaJsonWebKey jwk = new RsaJsonWebKey((RSAPublicKey) softwareKey.getPublic());
        jwk.setKeyId("assertion-key");
        String softwareId = "sw" + UUID.randomUUID().toString().replace("-", "");
        String orgId = Api.orgId();
        Map<String, Object> ssaClaims = Jwts.ssaClaims(softwareId, orgId, null);
        ssaClaims.put("software_jwks", JsonUtil.parseJson(new JsonWebKeySet(jwk).toJson(JsonWebKey.OutputControlLevel.PUBLIC_ONLY)));
        Map<String, Object> request = Jwts.requestClaims(softwareId, Jwts.ssa(ssaClaims));
        request.put("token_endpoint_auth_method", "private_key_jwt");
        String clientId = registerJwt(Jwts.sign(request, AlgorithmIdentifiers.RSA_PSS_USING_SHA256,
                softwareKey.getPrivate(), "assertion-key", null)).then().statusCode(200).extract().path("client_id");
        KeyClient client = new KeyClient(clientId, orgId, null);
        TestTpp added = client.newQseal(Role.PSP_AI);

        add(Jwts.sign(client.claims(), AlgorithmIdentifiers.RSA_PSS_USING_SHA256, softwareKey.getPrivate(),
                "assertion-key", null), added).then().statusCode(200).body("data.client_id", equalTo(clientId));
        // a kid the software_jwks lacks, and the right kid with another key
        KeyPair stranger = TestKeys.rsa();
        assertError(add(Jwts.sign(client.claims(), AlgorithmIdentifiers.RSA_PSS_USING_SHA256, stranger.getPrivate(),
                "other-key", null), added), 401, "AccessDenied", "other-key");
        assertError(add(Jwts.sign(client.claims(), AlgorithmIdentifiers.RSA_PSS_USING_SHA256, stranger.getPrivate(),
                "assertion-key", null), added), 401, "AccessDenied", "does not verify");
    }

    @Test
    void anAssertionNotTrustedOrNotMadeForThisRequestIsAccessDeniedAndAddsNothing() throws Exception {
        KeyClient client = KeyClient.register("PS256");
        TestTpp added = client.newQseal(Role.PSP_AI);

        Map<String, Object> otherSub = client.claims();
        otherSub.put("sub", "someone-else");
        assertError(add(client.assertion(otherSub), added), 401, "AccessDenied", "'iss' and 'sub'");
        Map<String, Object> unknown = client.claims();
        unknown.put("iss", "no-such-client");
        unknown.put("sub", "no-such-client");
        assertError(add(client.assertion(unknown), added), 401, "AccessDenied", "unknown client_id");
        Map<String, Object> otherAudience = client.claims();
        otherAudience.put("aud", "https://another-aspsp.example" + OB_CERTIFICATES);
        assertError(add(client.assertion(otherAudience), added), 401, "AccessDenied", "'aud'")
                .body("error_code", equalTo("TOKEN_INVALID"));
        Map<String, Object> expired = client.claims();
        expired.put("exp", Instant.now().getEpochSecond() - 1);
        assertError(add(client.assertion(expired), added), 401, "AccessDenied", "'exp'");
        Map<String, Object> longLived = client.claims();
        longLived.put("exp", Instant.now().getEpochSecond() + 600);
        assertError(add(client.assertion(longLived), added), 401, "AccessDenied", "more than 300 s ahead");
        Map<String, Object> future = client.claims();
        future.put("iat", Instant.now().getEpochSecond() + 600);
        assertError(add(client.assertion(future), added), 401, "AccessDenied", "'iat'");

        // signers: another organisation's QSEAL, an untrusted or expired one of this organisation, a key not the x5c's
        TestTpp otherOrganisation = TestPki.shared().tpp(Api.orgId(), "Other", Role.PSP_AI);
        assertError(add(Jwts.signedByQseal(client.claims(), otherOrganisation), added), 401, "AccessDenied",
                "belongs to " + otherOrganisation.tppId());
        TestTpp untrusted = TestPki.untrusted().tpp(client.orgId(), "Mallory", Role.PSP_AI);
        assertError(add(Jwts.signedByQseal(client.claims(), untrusted), added), 401, "AccessDenied", "not trusted");
        TestTpp lapsed = TestPki.shared().tppBuilder().organizationIdentifier(client.orgId()).roles(Role.PSP_AI)
                .expired().build();
        assertError(add(Jwts.signedByQseal(client.claims(), lapsed), added), 401, "AccessDenied", "not trusted");
        assertError(add(Jwts.sign(client.claims(), AlgorithmIdentifiers.RSA_PSS_USING_SHA256,
                otherOrganisation.privateKey(), null, client.qseal().certificate()), added), 401, "AccessDenied",
                "does not verify");
        assertError(add(Jwts.sign(client.claims(), AlgorithmIdentifiers.RSA_PSS_USING_SHA256,
                client.qseal().privateKey(), null, null), added), 401, "AccessDenied", "names no key");
        assertError(add(Jwts.unsigned(client.claims()), added), 401, "AccessDenied", "'none'");
        assertError(add(Jwts.hs256(client.claims(), new byte[32]), added), 401, "AccessDenied", "'HS256'");

        assertEquals(0, client.storedCertificates());
    }

    @Test
    void aMalformedAssertionGetsTheClassOfItsFault() throws Exception {
        KeyClient client = KeyClient.register("PS256");
        TestTpp added = client.newQseal(Role.PSP_AI);
        assertError(add(body("urn:ietf:params:oauth:client-assertion-type:saml2-bearer", client.assertion(), added)),
                401, "AccessDenied", "client_assertion_type");
        assertError(add(body(null, client.assertion(), added)), 401, "WrongRequiredFields", "client_assertion_type");
        assertError(add(body(JWT_BEARER, null, added)), 401, "WrongRequiredFields", "client_assertion");
        assertError(add(body(JWT_BEARER, 42, added)), 400, "RequestFormatInvalid", "client_assertion must be a string");
        assertError(add("not a jws", added), 400, "RequestFormatInvalid", "not a compact JWS");
        Map<String, Object> noJti = client.claims();
        noJti.remove("jti");
        assertError(add(client.assertion(noJti), added), 401, "WrongRequiredFields", "'jti'");
        Map<String, Object> numericExp = client.claims();
        numericExp.put("exp", "soon");
        assertError(add(client.assertion(numericExp), added), 400, "RequestFormatInvalid", "'exp'");
        Map<String, Object> longJti = client.claims();
        longJti.put("jti", "j".repeat(256));
        assertError(add(client.assertion(longJti), added), 400, "RequestFormatInvalid", "at most 255");

        // one method at a time, and a private_key_jwt client has no secret for Basic
        String basic = "Basic " + Base64.getEncoder().encodeToString((client.id() + ":").getBytes(StandardCharsets.UTF_8));
        assertError(given().header("Authorization", basic).contentType("application/json")
                .body(body(JWT_BEARER, client.assertion(), added)).post(OB_CERTIFICATES), 401, "AccessDenied", "not both")
                .body("error_code", equalTo("TOKEN_INVALID"));
        assertError(given().header("Authorization", basic).contentType("application/json")
                .body(body(null, null, added)).post(OB_CERTIFICATES), 401, "AccessDenied", "client_secret");
        assertEquals(0, client.storedCertificates());
    }

    @Test
    void aClientSecretBasicClientKeepsToBasic() throws Exception {
        OpenBankingClient basicClient = OpenBankingClient.register();
        TestTpp qseal = TestPki.shared().tpp(basicClient.orgId(), "OB TPP", Role.PSP_AI);
        Map<String, Object> claims = new KeyClient(basicClient.id(), basicClient.orgId(), qseal).claims();
        assertError(add(Jwts.signedByQseal(claims, qseal), qseal), 401, "AccessDenied", "HTTP Basic");
    }

    @Test
    void oneAssertionSentFourTimesAtOnceIsAcceptedOnce() throws Exception {
        KeyClient client = KeyClient.register("PS256");
        String body = body(JWT_BEARER, client.assertion(), client.newQseal(Role.PSP_AI));
        List<Callable<Integer>> calls = List.of(() -> add(body).statusCode(), () -> add(body).statusCode(),
                () -> add(body).statusCode(), () -> add(body).statusCode());
        List<Integer> statuses = Concurrently.run(calls);
        assertEquals(1, statuses.stream().filter(s -> s == 200).count(), statuses.toString());
        assertEquals(3, statuses.stream().filter(s -> s == 401).count(), statuses.toString());
        assertEquals(1, client.storedCertificates());
    }
}
