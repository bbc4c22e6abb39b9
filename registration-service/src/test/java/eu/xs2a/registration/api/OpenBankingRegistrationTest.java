package eu.xs2a.registration.api;

import static eu.xs2a.registration.support.Api.assertError;
import static eu.xs2a.registration.support.Api.registerJwt;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.platform.SecureTokens;
import eu.xs2a.registration.domain.OAuthClient;
import eu.xs2a.registration.support.Api;
import eu.xs2a.registration.support.Jwts;
import eu.xs2a.registration.support.TestDirectory;
import eu.xs2a.registration.support.TestSmtp;
import eu.xs2a.security.tpp.Role;
import eu.xs2a.testsupport.TestKeys;
import eu.xs2a.testsupport.TestPki;
import eu.xs2a.testsupport.TestTpp;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.mail.internet.MimeMessage;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.jose4j.json.JsonUtil;
import org.jose4j.jwk.JsonWebKey;
import org.jose4j.jwk.JsonWebKeySet;
import org.jose4j.jwk.RsaJsonWebKey;
import org.jose4j.jws.AlgorithmIdentifiers;
import org.junit.jupiter.api.Test;

/** Open-banking dynamic client registration with real JWS tokens: every rule of the claims table. */
@QuarkusTest
class OpenBankingRegistrationTest {

    /** A fresh software of a fresh organisation, its QSEAL (PSP_AI + PSP_PI) and a valid request. */
    private static final class Case {
        final String softwareId = "sw" + UUID.randomUUID().toString().replace("-", "");
        final String orgId = Api.orgId();
        final String contact = Api.email("dcr");
        final TestTpp tpp = TestPki.shared().tpp(orgId, "DCR TPP", Role.PSP_AI, Role.PSP_PI);
        final Map<String, Object> ssaClaims = Jwts.ssaClaims(softwareId, orgId, contact);
        String ssa = Jwts.ssa(ssaClaims);
        Map<String, Object> claims = Jwts.requestClaims(softwareId, ssa);

        Case withSsa(Map<String, Object> changedSsaClaims) {
            ssa = Jwts.ssa(changedSsaClaims);
            claims.put("software_statement", ssa);
            return this;
        }

        String jwt() {
            return Jwts.signedByQseal(claims, tpp);
        }
    }

    @Test
    void registersAClientSignedByTheQsealInX5c() throws Exception {
        Case c = new Case();
        Response response = registerJwt(c.jwt());
        response.then().statusCode(200)
                .body("client_id", notNullValue())
                .body("client_secret", notNullValue())
                .body("client_id_issued_at", notNullValue())
                .body("client_secret_expires_at", equalTo(0))
                .body("software_id", equalTo(c.softwareId))
                .body("token_endpoint_auth_method", equalTo("client_secret_basic"))
                .body("token_endpoint_auth_signing_alg", equalTo("PS256"))
                .body("response_types", equalTo(List.of("code")))
                .body("grant_types", equalTo(List.of("client_credentials", "authorization_code")))
                .body("redirect_uris", equalTo(List.of("https://tpp.example/cb")))
                .body("scope", equalTo("openid accounts payments fundsconfirmations"))
                .body("client_name", equalTo("Test App " + c.softwareId));
        String clientId = response.path("client_id");
        String secret = response.path("client_secret");
        OAuthClient stored = QuarkusTransaction.requiringNew().call(() -> OAuthClient.findById(clientId));
        assertEquals(c.orgId, stored.tppId);
        assertNotEquals(secret, stored.clientSecretHash, "the secret is stored hashed");
        assertEquals(SecureTokens.sha256Hex(secret), stored.clientSecretHash);

        MimeMessage letter = TestSmtp.awaitLetterTo(c.contact);
        assertTrue(letter.getSubject().contains("client registration"), letter.getSubject());
    }

    @Test
    void rs256IsAcceptedAndScopesAreLimitedToTheCertificatesRoles() {
        Case c = new Case();
        TestTpp aisOnly = TestPki.shared().tpp(c.orgId, "AIS only", Role.PSP_AI);
        c.claims.put("scope", "openid accounts payments");
        registerJwt(Jwts.signedByQseal(c.claims, aisOnly, AlgorithmIdentifiers.RSA_USING_SHA256)).then()
                .statusCode(200)
                .body("scope", equalTo("openid accounts"));
    }

    @Test
    void scopesAreLimitedToTheSoftwareRolesOfTheStatementToo() {
        // the QSEAL may do AIS and PIS, the directory registered this software for AIS only
        Case c = new Case();
        c.ssaClaims.put("software_roles", List.of("AISP"));
        c.withSsa(c.ssaClaims);
        registerJwt(c.jwt()).then().statusCode(200).body("scope", equalTo("openid accounts"));

        // and a software for PIS signed by a certificate for AIS only gets neither
        Case d = new Case();
        d.ssaClaims.put("software_roles", List.of("PISP"));
        d.withSsa(d.ssaClaims);
        TestTpp aisOnly = TestPki.shared().tpp(d.orgId, "AIS only", Role.PSP_AI);
        registerJwt(Jwts.signedByQseal(d.claims, aisOnly)).then().statusCode(200).body("scope", equalTo("openid"));
    }

    @Test
    void privateKeyJwtClientsGetNoSecretAndTheDefaultsCanBeOverridden() {
        Case c = new Case();
        c.claims.put("token_endpoint_auth_method", "private_key_jwt");
        c.claims.put("token_endpoint_auth_signing_alg", "RS256");
        c.claims.put("application_type", "mobile");
        c.claims.put("request_object_signing_alg", "PS256");
        c.claims.put("response_types", List.of("code"));
        registerJwt(c.jwt()).then().statusCode(200)
                .body("client_secret", nullValue())
                .body("token_endpoint_auth_method", equalTo("private_key_jwt"))
                .body("token_endpoint_auth_signing_alg", equalTo("RS256"))
                .body("application_type", equalTo("mobile"))
                .body("request_object_signing_alg", equalTo("PS256"));
    }

    @Test
    void aRequestSignedWithAKeyOfTheSoftwareJwksIsAccepted() throws Exception {
        Case c = new Case();
        KeyPair softwareKey = TestKeys.rsa();
        RsaJsonWebKey jwk = new RsaJsonWebKey((java.security.interfaces.RSAPublicKey) softwareKey.getPublic());
        jwk.setKeyId("software-key-1");
        c.ssaClaims.put("software_jwks", JsonUtil.parseJson(new JsonWebKeySet(jwk).toJson(JsonWebKey.OutputControlLevel.PUBLIC_ONLY)));
        c.ssaClaims.put("software_roles", List.of("AISP"));
        c.withSsa(c.ssaClaims);
        String jwt = Jwts.sign(c.claims, AlgorithmIdentifiers.RSA_PSS_USING_SHA256, softwareKey.getPrivate(), "software-key-1", null);
        registerJwt(jwt).then().statusCode(200).body("scope", equalTo("openid accounts"));

        // the same software key id, but the token signed by another key
        Case other = new Case();
        other.ssaClaims.put("software_jwks", c.ssaClaims.get("software_jwks"));
        other.withSsa(other.ssaClaims);
        KeyPair stranger = TestKeys.rsa();
        String forged = Jwts.sign(other.claims, AlgorithmIdentifiers.RSA_PSS_USING_SHA256, stranger.getPrivate(), "software-key-1", null);
        assertError(registerJwt(forged), 401, "AccessDenied", "signature does not verify")
                .body("error_code", equalTo("SIGNATURE_INVALID"));
        // a kid that the software_jwks does not have
        String unknownKid = Jwts.sign(other.claims, AlgorithmIdentifiers.RSA_PSS_USING_SHA256, stranger.getPrivate(), "nope", null);
        assertError(registerJwt(unknownKid), 401, "AccessDenied", "nope")
                .body("error_code", equalTo("SIGNATURE_INVALID"));
    }

    // ---- RequestFormatInvalid -------------------------------------------------------------------------------

    @Test
    void aContentTypeOtherThanApplicationJwtIsRequestFormatInvalid() {
        Case c = new Case();
        assertError(given().contentType("application/json").body(c.jwt().getBytes(StandardCharsets.US_ASCII))
                .post(Api.OB_REGISTER), 400, "RequestFormatInvalid", "application/jwt");
        assertError(given().body(c.jwt().getBytes(StandardCharsets.US_ASCII)).post(Api.OB_REGISTER),
                400, "RequestFormatInvalid", "application/jwt");
    }

    @Test
    void aBodyThatIsNotAJwsIsRequestFormatInvalid() {
        assertError(registerJwt("this is not a token"), 400, "RequestFormatInvalid", "JWS");
        assertError(registerJwt(""), 400, "RequestFormatInvalid", "empty");
    }

    @Test
    void aSoftwareStatementThatIsNotAJwsIsRequestFormatInvalid() {
        Case c = new Case();
        c.claims.put("software_statement", "garbage");
        assertError(registerJwt(c.jwt()), 400, "RequestFormatInvalid", "software_statement");
    }

    @Test
    void aJwsHeaderOfTheWrongTypeIsRequestFormatInvalidAndAMissingSsaKidWrongRequiredFields() {
        Case c = new Case();
        assertError(registerJwt(Jwts.withHeader("{\"alg\":5}", c.claims)), 400, "RequestFormatInvalid", "'alg'");
        assertError(registerJwt(Jwts.withHeader("{\"alg\":\"PS256\",\"kid\":5}", c.claims)),
                400, "RequestFormatInvalid", "'kid'");

        Case numericKid = new Case();
        numericKid.claims.put("software_statement", Jwts.withHeader("{\"alg\":\"PS256\",\"kid\":7}", numericKid.ssaClaims));
        assertError(registerJwt(numericKid.jwt()), 400, "RequestFormatInvalid", "'kid'");
        Case arrayAlg = new Case();
        arrayAlg.claims.put("software_statement", Jwts.withHeader("{\"alg\":[1]}", arrayAlg.ssaClaims));
        assertError(registerJwt(arrayAlg.jwt()), 400, "RequestFormatInvalid", "'alg'");
        Case noKid = new Case();
        noKid.claims.put("software_statement", Jwts.withHeader("{\"alg\":\"PS256\"}", noKid.ssaClaims));
        assertError(registerJwt(noKid.jwt()), 401, "WrongRequiredFields", "'kid'");
    }

    @Test
    void aSoftwareJwksThatIsNoKeySetIsRequestFormatInvalid() {
        for (Object jwks : List.of(Map.of("keys", "x"), Map.of("keys", List.of(1)), Map.of("keys", List.of(Map.of("kty", 5))))) {
            Case c = new Case();
            c.ssaClaims.put("software_jwks", jwks);
            c.withSsa(c.ssaClaims);
            assertError(registerJwt(c.jwt()), 400, "RequestFormatInvalid", "software_jwks");
        }
    }

    /** A statement is no place for a private or secret key: one there is refused, never kept with the client. */
    @Test
    void aSoftwareJwksHoldingAPrivateOrSecretKeyIsRequestFormatInvalid() throws Exception {
        KeyPair pair = TestKeys.rsa();
        RsaJsonWebKey withPrivate = new RsaJsonWebKey((java.security.interfaces.RSAPublicKey) pair.getPublic());
        withPrivate.setPrivateKey(pair.getPrivate());
        withPrivate.setKeyId("leaked-1");
        for (Object key : List.of(JsonUtil.parseJson(withPrivate.toJson(JsonWebKey.OutputControlLevel.INCLUDE_PRIVATE)),
                Map.of("kty", "oct", "kid", "shared-1", "k", "c2VjcmV0"))) {
            Case c = new Case();
            c.ssaClaims.put("software_jwks", Map.of("keys", List.of(key)));
            c.withSsa(c.ssaClaims);
            assertError(registerJwt(c.jwt()), 400, "RequestFormatInvalid", "'software_jwks' holds a private or secret"
                    + " key");
        }
    }

    @Test
    void aClaimOfTheWrongTypeIsRequestFormatInvalid() {
        Case c = new Case();
        c.claims.put("iss", 42);
        assertError(registerJwt(c.jwt()), 400, "RequestFormatInvalid", "'iss'");
        Case d = new Case();
        d.claims.put("iat", "yesterday");
        assertError(registerJwt(d.jwt()), 400, "RequestFormatInvalid", "'iat'");
    }

    // ---- WrongRequiredFields --------------------------------------------------------------------------------

    @Test
    void everyRequiredClaimMissingIsWrongRequiredFieldsNamingIt() {
        for (String claim : List.of("iss", "iat", "exp", "aud", "grant_types", "software_statement", "redirect_uris")) {
            Case c = new Case();
            c.claims.remove(claim);
            assertError(registerJwt(c.jwt()), 401, "WrongRequiredFields", "'" + claim + "'");
        }
        Case blank = new Case();
        blank.claims.put("iss", " ");
        assertError(registerJwt(blank.jwt()), 401, "WrongRequiredFields", "'iss'");
        Case empty = new Case();
        empty.claims.put("redirect_uris", List.of());
        assertError(registerJwt(empty.jwt()), 401, "WrongRequiredFields", "'redirect_uris'");
    }

    @Test
    void aBlankOptionalClaimTakesItsDefault() {
        Case c = new Case();
        c.claims.put("token_endpoint_auth_method", "");
        registerJwt(c.jwt()).then().statusCode(200).body("token_endpoint_auth_method", equalTo("client_secret_basic"));
    }

    @Test
    void aSoftwareStatementWithoutSoftwareIdIsWrongRequiredFields() {
        Case c = new Case();
        c.ssaClaims.remove("software_id");
        c.withSsa(c.ssaClaims);
        assertError(registerJwt(c.jwt()), 401, "WrongRequiredFields", "software_id");
    }

    // ---- AccessDenied ---------------------------------------------------------------------------------------

    @Test
    void algNoneIsRefused() {
        Case c = new Case();
        assertError(registerJwt(Jwts.unsigned(c.claims)), 401, "AccessDenied", "none")
                .body("error_code", equalTo("SIGNATURE_INVALID"));
    }

    @Test
    void hs256IsRefused() {
        Case c = new Case();
        assertError(registerJwt(Jwts.hs256(c.claims, "a shared secret of at least 32 bytes!!".getBytes(StandardCharsets.UTF_8))),
                401, "AccessDenied", "HS256");
    }

    @Test
    void aSignerNotChainingToATrustAnchorIsAccessDenied() {
        Case c = new Case();
        TestTpp mallory = TestPki.untrusted().tpp(c.orgId, "Mallory", Role.PSP_AI);
        assertError(registerJwt(Jwts.signedByQseal(c.claims, mallory)), 401, "AccessDenied", "x5c")
                .body("error_code", equalTo("CERTIFICATE_INVALID"));
    }

    @Test
    void aSignatureByAnotherKeyThanTheX5cCertificateIsAccessDenied() {
        Case c = new Case();
        TestTpp other = TestPki.shared().tpp(c.orgId, "Other key", Role.PSP_AI);
        String jwt = Jwts.sign(c.claims, AlgorithmIdentifiers.RSA_PSS_USING_SHA256, other.privateKey(), null, c.tpp.certificate());
        assertError(registerJwt(jwt), 401, "AccessDenied", "does not verify");
    }

    @Test
    void aQsealOfAnotherOrganisationThanTheSsaIsAccessDenied() {
        Case c = new Case();
        TestTpp stranger = TestPki.shared().tpp(Api.orgId(), "Stranger", Role.PSP_AI);
        assertError(registerJwt(Jwts.signedByQseal(c.claims, stranger)), 401, "AccessDenied", "org_id")
                .body("error_code", equalTo("CERTIFICATE_INVALID"));
    }

    @Test
    void anUnsignedRequestWithoutX5cOrSoftwareKeyIsAccessDenied() {
        Case c = new Case();
        String jwt = Jwts.sign(c.claims, AlgorithmIdentifiers.RSA_PSS_USING_SHA256, c.tpp.privateKey(), null, null);
        assertError(registerJwt(jwt), 401, "AccessDenied", "x5c");
    }

    @Test
    void aTamperedSoftwareStatementIsAccessDenied() {
        Case c = new Case();
        Map<String, Object> widened = new java.util.LinkedHashMap<>(c.ssaClaims);
        widened.put("software_redirect_uris", List.of("https://evil.example/cb"));
        c.claims.put("software_statement", Jwts.tamper(c.ssa, widened));
        c.claims.put("redirect_uris", List.of("https://evil.example/cb"));
        assertError(registerJwt(c.jwt()), 401, "AccessDenied", "software_statement signature");
    }

    @Test
    void anSsaWithTheDirectoryKidButAnotherKeyIsAccessDenied() throws Exception {
        Case c = new Case();
        c.claims.put("software_statement", Jwts.sign(c.ssaClaims, AlgorithmIdentifiers.RSA_PSS_USING_SHA256,
                TestKeys.rsa().getPrivate(), TestDirectory.KID, null));
        assertError(registerJwt(c.jwt()), 401, "AccessDenied", "software_statement signature");
    }

    @Test
    void anSsaWithAlgNoneIsAccessDenied() {
        Case c = new Case();
        c.claims.put("software_statement", Jwts.unsigned(c.ssaClaims));
        assertError(registerJwt(c.jwt()), 401, "AccessDenied", "software_statement");
    }

    // ---- NotFound -------------------------------------------------------------------------------------------

    @Test
    void anSsaOfAForeignDirectoryKeyIsNotFound() throws Exception {
        Case c = new Case();
        c.claims.put("software_statement", Jwts.sign(c.ssaClaims, AlgorithmIdentifiers.RSA_PSS_USING_SHA256,
                TestKeys.rsa().getPrivate(), "foreign-directory", null));
        assertError(registerJwt(c.jwt()), 404, "NotFound", "foreign-directory");
    }

    // ---- Invalid --------------------------------------------------------------------------------------------

    @Test
    void anExpiredRequestIsInvalid() {
        Case c = new Case();
        c.claims.put("exp", Instant.now().getEpochSecond() - 10);
        assertError(registerJwt(c.jwt()), 406, "Invalid", "'exp'");
    }

    @Test
    void anIatMoreThanSixtySecondsAheadIsInvalid() {
        Case c = new Case();
        c.claims.put("iat", Instant.now().getEpochSecond() + 600);
        assertError(registerJwt(c.jwt()), 406, "Invalid", "'iat'");
        Case d = new Case();
        d.claims.put("iat", Instant.now().getEpochSecond() + 30); // within the allowed skew
        registerJwt(d.jwt()).then().statusCode(200);
    }

    @Test
    void anIatMoreThanTenMinutesOldIsInvalidAndOneWithinIsAccepted() {
        long now = Instant.now().getEpochSecond();
        Case c = new Case();
        c.claims.put("iat", now - 660);
        c.claims.put("exp", now + 300);
        assertError(registerJwt(c.jwt()), 406, "Invalid", "more than 600 s in the past");
        assertEquals(0L, QuarkusTransaction.requiringNew().call(() -> OAuthClient.count("softwareId", c.softwareId)));
        // 30 s inside the limit: room for the moments between signing here and the check there
        Case d = new Case();
        d.claims.put("iat", now - 570);
        d.claims.put("exp", now + 300);
        registerJwt(d.jwt()).then().statusCode(200);
    }

    @Test
    void aLifetimeOverOneHourIsInvalidAndExactlyOneHourIsAccepted() {
        long now = Instant.now().getEpochSecond();
        Case c = new Case();
        c.claims.put("iat", now);
        c.claims.put("exp", now + 3601);
        assertError(registerJwt(c.jwt()), 406, "Invalid", "at most 3600 s");
        Case far = new Case();
        far.claims.put("iat", now);
        far.claims.put("exp", now + 10L * 365 * 24 * 3600);
        assertError(registerJwt(far.jwt()), 406, "Invalid", "'exp'");
        Case d = new Case();
        d.claims.put("iat", now);
        d.claims.put("exp", now + 3600); // exactly the limit: exp - iat does not depend on the clocks
        registerJwt(d.jwt()).then().statusCode(200);
    }

    @Test
    void anExpNotAfterIatIsInvalid() {
        long now = Instant.now().getEpochSecond();
        Case c = new Case();
        c.claims.put("iat", now + 40); // within the skew
        c.claims.put("exp", now + 30); // in the future, but before iat
        assertError(registerJwt(c.jwt()), 406, "Invalid", "is not after claim 'iat'");
    }

    @Test
    void aWrongAudienceIsInvalid() {
        Case c = new Case();
        c.claims.put("aud", "another-aspsp");
        assertError(registerJwt(c.jwt()), 406, "Invalid", "'aud'");
    }

    @Test
    void aSoftwareIdOrIssuerOtherThanTheSsasIsInvalid() {
        Case c = new Case();
        c.claims.put("software_id", "someone-else");
        assertError(registerJwt(c.jwt()), 406, "Invalid", "'software_id'");
        Case d = new Case();
        d.claims.put("iss", "someone-else");
        assertError(registerJwt(d.jwt()), 406, "Invalid", "'iss'");
    }

    @Test
    void aRedirectUriThatIsNoAbsoluteHttpsUriIsInvalidEvenInsideTheSsasSet() {
        // the first was stored joined by spaces and came back as two URIs, one of them in neither list
        for (String uri : List.of("https://tpp.example/cb https://evil.example/steal", "javascript:alert(1)",
                "https://tpp.example/cb#fragment", "http://tpp.example/cb", "not a uri", "https://user@tpp.example/cb")) {
            Case c = new Case();
            c.ssaClaims.put("software_redirect_uris", List.of(uri));
            c.withSsa(c.ssaClaims);
            c.claims.put("redirect_uris", List.of(uri));
            assertError(registerJwt(c.jwt()), 406, "Invalid", "claim 'redirect_uris' holds");
        }
        Case local = new Case();
        local.ssaClaims.put("software_redirect_uris", List.of("http://localhost:9999/cb"));
        local.withSsa(local.ssaClaims);
        local.claims.put("redirect_uris", List.of("http://localhost:9999/cb"));
        registerJwt(local.jwt()).then().statusCode(200).body("redirect_uris", equalTo(List.of("http://localhost:9999/cb")));
    }

    @Test
    void redirectUrisOutsideTheSsasMasterSetAreInvalid() {
        Case c = new Case();
        c.claims.put("redirect_uris", List.of("https://tpp.example/cb", "https://evil.example/cb"));
        assertError(registerJwt(c.jwt()), 406, "Invalid", "https://evil.example/cb");
        Case d = new Case();
        d.claims.put("redirect_uris", List.of("https://tpp.example/cb2", "https://tpp.example/cb"));
        registerJwt(d.jwt()).then().statusCode(200).body("redirect_uris", hasSize(2));
    }

    @Test
    void valuesOutsideTheAllowedSetsAreInvalid() {
        Map<String, Object> disallowed = Map.of(
                "grant_types", List.of("password"),
                "response_types", List.of("token"),
                "token_endpoint_auth_method", "tls_client_auth",
                "token_endpoint_auth_signing_alg", "HS256",
                "scope", "openid admin",
                "application_type", "desktop",
                "request_object_signing_alg", "none");
        disallowed.forEach((claim, value) -> {
            Case c = new Case();
            c.claims.put(claim, value);
            assertError(registerJwt(c.jwt()), 406, "Invalid", "'" + claim + "'");
        });
    }

    @Test
    void anExpiredSoftwareStatementIsInvalid() {
        Case c = new Case();
        c.ssaClaims.put("exp", Instant.now().getEpochSecond() - 5);
        c.withSsa(c.ssaClaims);
        assertError(registerJwt(c.jwt()), 406, "Invalid", "software_statement");
    }

    /**
     * software_client_name is stored in oauth_client.client_name (varchar(255)): a longer one is Invalid naming the
     * claim and its limit, not "already registered" as it used to be, and registers nothing: the same software with
     * a name of exactly 255 characters registers afterwards.
     */
    @Test
    void anOverLongSoftwareClientNameIsInvalidAndRegistersNothing() {
        Case c = new Case();
        c.ssaClaims.put("software_client_name", "n".repeat(300));
        c.withSsa(c.ssaClaims);
        assertError(registerJwt(c.jwt()), 406, "Invalid",
                "software_statement claim 'software_client_name' must be at most 255 characters")
                .body("error_message", not(containsString("already registered")));
        assertEquals(0L, QuarkusTransaction.requiringNew().call(() -> OAuthClient.count("softwareId", c.softwareId)));

        c.ssaClaims.put("software_client_name", "n\u0000");
        c.withSsa(c.ssaClaims);
        // PostgreSQL text cannot hold U+0000: a format error, as xs2a-platform's StrictJson makes it elsewhere
        assertError(registerJwt(c.jwt()), 400, "RequestFormatInvalid", "software_client_name");

        c.ssaClaims.put("software_client_name", "n".repeat(255));
        c.withSsa(c.ssaClaims);
        c.claims.put("jti", UUID.randomUUID().toString());
        registerJwt(c.jwt()).then().statusCode(200).body("client_name", equalTo("n".repeat(255)));
    }

    /** software_id (oauth_client.software_id, 255) and org_id (the organisation, tpp_id, 140) are bounded too. */
    @Test
    void anOverLongSoftwareIdOrOrganisationIdIsInvalid() throws Exception {
        String longSoftwareId = "s".repeat(256);
        Case c = new Case();
        c.ssaClaims.put("software_id", longSoftwareId);
        c.withSsa(c.ssaClaims);
        c.claims.put("iss", longSoftwareId);
        c.claims.put("software_id", longSoftwareId);
        assertError(registerJwt(c.jwt()), 406, "Invalid",
                "software_statement claim 'software_id' must be at most 255 characters");

        // org_id of 141 characters, the request signed by a key of the SSA's software_jwks
        Case d = new Case();
        KeyPair softwareKey = TestKeys.rsa();
        RsaJsonWebKey jwk = new RsaJsonWebKey((java.security.interfaces.RSAPublicKey) softwareKey.getPublic());
        jwk.setKeyId("software-key-1");
        d.ssaClaims.put("software_jwks", JsonUtil.parseJson(new JsonWebKeySet(jwk).toJson(JsonWebKey.OutputControlLevel.PUBLIC_ONLY)));
        d.ssaClaims.put("org_id", "O".repeat(141));
        d.withSsa(d.ssaClaims);
        String jwt = Jwts.sign(d.claims, AlgorithmIdentifiers.RSA_PSS_USING_SHA256, softwareKey.getPrivate(), "software-key-1", null);
        assertError(registerJwt(jwt), 406, "Invalid", "software_statement claim 'org_id' must be at most 140 characters");
        assertEquals(0L, QuarkusTransaction.requiringNew().call(() -> OAuthClient.count("softwareId", d.softwareId)));
    }

    /**
     * A TPP whose first answer was lost registers again: the same client, a new secret, and the old secret no longer
     * opens the certificate endpoint.
     */
    @Test
    void registeringTheSameSoftwareAgainReturnsTheClientWithANewSecret() throws Exception {
        Case c = new Case();
        Response first = registerJwt(c.jwt());
        first.then().statusCode(200);
        String clientId = first.path("client_id");
        String oldSecret = first.path("client_secret");

        c.claims.put("jti", UUID.randomUUID().toString());
        Response again = registerJwt(c.jwt());
        again.then().statusCode(200)
                .body("client_id", equalTo(clientId))
                .body("software_id", equalTo(c.softwareId))
                .body("client_id_issued_at", equalTo(first.<Integer>path("client_id_issued_at")))
                .body("scope", equalTo(first.<String>path("scope")));
        String newSecret = again.path("client_secret");
        assertNotEquals(oldSecret, newSecret);
        assertEquals(1L, QuarkusTransaction.requiringNew().call(() -> OAuthClient.count("softwareId", c.softwareId)));

        String pem = TestPki.shared().tpp(c.orgId, "DCR TPP", Role.PSP_AI).certificatePem();
        String body = "{\"data\":{\"certificate\":{\"pem\":" + new com.fasterxml.jackson.databind.ObjectMapper()
                .writeValueAsString(pem) + ",\"name\":\"again\",\"type\":\"qseal\"}}}";
        assertError(given().header("Authorization", basic(clientId, oldSecret)).contentType("application/json").body(body).post(Api.OB_CERTIFICATES),
                401, "AccessDenied", "wrong client_secret")
                .body("error_code", equalTo("TOKEN_INVALID"));
        given().header("Authorization", basic(clientId, newSecret)).contentType("application/json").body(body).post(Api.OB_CERTIFICATES)
                .then().statusCode(200);
    }

    @Test
    void aPrivateKeyJwtClientRegisteredAgainIsReturnedWithoutASecret() {
        Case c = new Case();
        c.claims.put("token_endpoint_auth_method", "private_key_jwt");
        String clientId = registerJwt(c.jwt()).then().statusCode(200).extract().path("client_id");
        c.claims.put("jti", UUID.randomUUID().toString());
        registerJwt(c.jwt()).then().statusCode(200)
                .body("client_id", equalTo(clientId))
                .body("client_secret", nullValue())
                .body("token_endpoint_auth_method", equalTo("private_key_jwt"));
    }

    @Test
    void theSameSoftwareRegisteredByAnotherOrganisationIsInvalid() {
        Case c = new Case();
        String clientId = registerJwt(c.jwt()).then().statusCode(200).extract().path("client_id");

        // another organisation with an SSA of the same software_id, validly signed by its own QSEAL
        Case other = new Case();
        Map<String, Object> ssaClaims = Jwts.ssaClaims(c.softwareId, other.orgId, other.contact);
        Map<String, Object> claims = Jwts.requestClaims(c.softwareId, Jwts.ssa(ssaClaims));
        assertError(registerJwt(Jwts.signedByQseal(claims, other.tpp)), 406, "Invalid", "already registered")
                .body("error_message", containsString(c.softwareId));
        OAuthClient stored = QuarkusTransaction.requiringNew().call(() -> OAuthClient.findById(clientId));
        assertEquals(c.orgId, stored.tppId, "the client stays the first organisation's");
    }

    /** Without org_id any trusted QSEAL could register another organisation's software (and so take it). */
    @Test
    void anX5cSignedRequestWithAnSsaWithoutOrgIdIsWrongRequiredFields() {
        Case c = new Case();
        c.ssaClaims.remove("org_id");
        c.withSsa(c.ssaClaims);
        assertError(registerJwt(c.jwt()), 401, "WrongRequiredFields", "org_id");
        assertEquals(0L, QuarkusTransaction.requiringNew().call(() -> OAuthClient.count("softwareId", c.softwareId)));
    }

    private static String basic(String clientId, String secret) {
        return "Basic " + java.util.Base64.getEncoder().encodeToString((clientId + ":" + secret)
                .getBytes(StandardCharsets.UTF_8));
    }
}
