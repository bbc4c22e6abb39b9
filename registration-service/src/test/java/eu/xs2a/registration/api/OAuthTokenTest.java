package eu.xs2a.registration.api;

import static eu.xs2a.registration.support.OAuthFlows.BASE;
import static eu.xs2a.registration.support.OAuthFlows.ISSUER;
import static eu.xs2a.registration.support.OAuthFlows.JWT_BEARER;
import static eu.xs2a.registration.support.OAuthFlows.REVOKE;
import static eu.xs2a.registration.support.OAuthFlows.TOKEN_URL;
import static eu.xs2a.registration.support.OAuthFlows.token;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

import eu.xs2a.registration.support.OAuthFlows;
import eu.xs2a.registration.support.OAuthFlows.Client;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jose4j.jwt.JwtClaims;
import org.junit.jupiter.api.Test;

/**
 * The provider's OAuth server without a PSU: metadata, JWKS, client credentials with either client authentication,
 * and every refusal of the token and revocation endpoints in RFC 6749's error body.
 */
@QuarkusTest
class OAuthTokenTest {

    private static Map<String, String> form(String... pairs) {
        Map<String, String> form = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            form.put(pairs[i], pairs[i + 1]);
        }
        return form;
    }

    private static void assertOAuthError(Response response, int status, String error, String descriptionPart) {
        response.then().statusCode(status)
                .header("Cache-Control", "no-store")
                .contentType("application/json")
                .body("error", equalTo(error))
                .body("error_description", containsString(descriptionPart));
    }

    @Test
    void theMetadataNamesEveryEndpointAndOffersS256Only() {
        given().get(BASE + "/.well-known/oauth-authorization-server").then().statusCode(200)
                .body("issuer", equalTo(ISSUER))
                .body("token_endpoint", equalTo(TOKEN_URL))
                .body("authorization_endpoint", equalTo(ISSUER + "/authorize"))
                .body("revocation_endpoint", equalTo(ISSUER + "/revoke"))
                .body("jwks_uri", equalTo(ISSUER + "/jwks"))
                .body("code_challenge_methods_supported", equalTo(List.of("S256")))
                .body("grant_types_supported", equalTo(List.of("authorization_code", "client_credentials",
                        "refresh_token")))
                .body("response_types_supported", equalTo(List.of("code")))
                .body("token_endpoint_auth_methods_supported", equalTo(List.of("client_secret_basic",
                        "private_key_jwt")));
        given().get(BASE + "/jwks").then().statusCode(200)
                .body("keys[0].kty", equalTo("RSA")).body("keys[0].alg", equalTo("RS256"))
                .body("keys[0].d", nullValue());
        // an unknown provider is an unknown path
        given().get("/nobank/oauth/.well-known/oauth-authorization-server").then().statusCode(404)
                .body("tppMessages[0].code", equalTo("RESOURCE_UNKNOWN"));
    }

    @Test
    void clientCredentialsGiveAShortLivedSignedTokenOfTheClientAndItsOrganisation() throws Exception {
        Client client = OAuthFlows.secretClient("client_credentials");
        Response response = token(client.basic(), form("grant_type", "client_credentials", "scope", "accounts"));
        response.then().statusCode(200)
                .header("Cache-Control", "no-store")
                .header("Pragma", "no-cache")
                .body("token_type", equalTo("Bearer"))
                .body("expires_in", equalTo(300))
                .body("scope", equalTo("accounts"))
                .body("refresh_token", nullValue());
        JwtClaims claims = OAuthFlows.verify(response.path("access_token"), Instant.now());
        assertEquals(ISSUER, claims.getIssuer());
        assertEquals(List.of("http://localhost:8080/sandbox"), claims.getAudience());
        assertEquals(client.id(), claims.getSubject());
        assertEquals(client.id(), claims.getStringClaimValue("client_id"));
        assertEquals(client.orgId(), claims.getStringClaimValue("org_id"));
        assertEquals("accounts", claims.getStringClaimValue("scope"));
        assertEquals(300, claims.getExpirationTime().getValue() - claims.getIssuedAt().getValue());
    }

    @Test
    void aWrongSecretAnUnknownClientOrNoAuthenticationIsInvalidClient() {
        Client client = OAuthFlows.secretClient("client_credentials");
        Map<String, String> grant = form("grant_type", "client_credentials");
        Client wrong = new Client(client.id(), client.secret() + "x", client.orgId(), client.qseal());
        assertOAuthError(token(wrong.basic(), grant), 401, "invalid_client", "wrong client_secret");
        token(wrong.basic(), grant).then().header("WWW-Authenticate", containsString("Basic"));
        Client unknown = new Client("no-such-client", client.secret(), client.orgId(), client.qseal());
        assertOAuthError(token(unknown.basic(), grant), 401, "invalid_client", "Unknown client_id");
        assertOAuthError(token(null, grant), 401, "invalid_client", "Client authentication is required");
        assertOAuthError(token("Bearer abc", grant), 401, "invalid_client", "HTTP Basic");
        // the secret in the form (client_secret_post) is not offered
        assertOAuthError(token(null, form("grant_type", "client_credentials", "client_id", client.id(),
                "client_secret", client.secret())), 401, "invalid_client", "client_secret_post");
        // client_id in the form must be the authenticated client
        assertOAuthError(token(client.basic(), form("grant_type", "client_credentials", "client_id", "another")),
                401, "invalid_client", "not the authenticated client");
    }

    @Test
    void aPrivateKeyJwtClientAuthenticatesWithAnAssertionForTheTokenEndpointOrIssuerOnce() {
        Client client = OAuthFlows.keyClient("client_credentials");
        for (String audience : List.of(TOKEN_URL, ISSUER)) {
            String assertion = client.assertion(audience);
            Map<String, String> grant = form("grant_type", "client_credentials", "client_assertion_type", JWT_BEARER,
                    "client_assertion", assertion);
            token(null, grant).then().statusCode(200).body("token_type", equalTo("Bearer"));
            // the same assertion again: replayed
            assertOAuthError(token(null, grant), 401, "invalid_client", "'jti'");
        }
        // an assertion made for another endpoint (the certificate add)
        assertOAuthError(token(null, form("grant_type", "client_credentials", "client_assertion_type", JWT_BEARER,
                        "client_assertion", client.assertion("http://localhost:8080/api/open-banking/v3.1/tpp/certificates"))),
                401, "invalid_client", "'aud'");
        // both methods at once
        Client secretClient = OAuthFlows.secretClient("client_credentials");
        assertOAuthError(token(secretClient.basic(), form("grant_type", "client_credentials", "client_assertion_type",
                JWT_BEARER, "client_assertion", client.assertion(TOKEN_URL))), 400, "invalid_request", "one client");
    }

    @Test
    void grantsAndParametersOutsideTheClientsRegistrationAreRefused() {
        Client client = OAuthFlows.secretClient("client_credentials");
        assertOAuthError(token(client.basic(), form("grant_type", "password", "username", "psu1")), 400,
                "unsupported_grant_type", "password");
        assertOAuthError(token(client.basic(), form("scope", "accounts")), 400, "invalid_request", "grant_type");
        assertOAuthError(token(client.basic(), form("grant_type", "client_credentials", "scope", "accounts admin")),
                400, "invalid_scope", "'admin'");
        Client codeOnly = OAuthFlows.secretClient("authorization_code");
        assertOAuthError(token(codeOnly.basic(), form("grant_type", "client_credentials")), 400,
                "unauthorized_client", "client_credentials");
        assertOAuthError(token(codeOnly.basic(), form("grant_type", "refresh_token", "refresh_token", "x")), 400,
                "unauthorized_client", "refresh_token");
        // not a form, a parameter twice
        assertOAuthError(given().header("Authorization", client.basic()).contentType("application/json")
                .body("{\"grant_type\":\"client_credentials\"}").post(OAuthFlows.TOKEN), 400, "invalid_request",
                "application/x-www-form-urlencoded");
        assertOAuthError(given().header("Authorization", client.basic())
                .contentType("application/x-www-form-urlencoded")
                .body("grant_type=client_credentials&grant_type=client_credentials").post(OAuthFlows.TOKEN), 400,
                "invalid_request", "'grant_type' is sent twice");
    }

    /**
     * Each form parameter of a token request left out, empty, blank, overlong, with a NUL, a line break or a format
     * character, or given twice, and the client's Basic credentials so: always a token or RFC 6749's error body,
     * never a 5xx. The same for a body that is no form.
     */
    @Test
    void everyWrongTokenRequestGetsATokenOrTheOAuthError() {
        Client client = OAuthFlows.secretClient("client_credentials");
        Map<String, String> valid = form("grant_type", "client_credentials", "scope", "accounts",
                "client_id", client.id());
        List<String> wrong = List.of("", " ", "x".repeat(3_000), "a\u0000b", "a\r\nb", "\u202e");
        List<String> findings = new java.util.ArrayList<>();
        for (String name : valid.keySet()) {
            List<String> bodies = new java.util.ArrayList<>();
            bodies.add(formBody(valid, name, List.of()));
            wrong.forEach(value -> bodies.add(formBody(valid, name, List.of(value))));
            bodies.add(formBody(valid, name, List.of(valid.get(name), valid.get(name))));
            for (String body : bodies) {
                check(findings, body, rawToken(client.basic(), "application/x-www-form-urlencoded", body));
            }
        }
        String body = formBody(valid, "scope", List.of("accounts"));
        for (String id : wrong) {
            String credentials = java.net.URLEncoder.encode(id, java.nio.charset.StandardCharsets.UTF_8) + ":secret";
            String basic = "Basic " + java.util.Base64.getEncoder().encodeToString(
                    credentials.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            check(findings, "Basic " + id, rawToken(basic, "application/x-www-form-urlencoded", body));
        }
        for (String basic : List.of("Basic", "Basic !!!", "Basic " + java.util.Base64.getEncoder().encodeToString(
                "\u0000:\u0000".getBytes(java.nio.charset.StandardCharsets.UTF_8)))) {
            check(findings, basic, rawToken(basic, "application/x-www-form-urlencoded", body));
        }
        for (String[] other : new String[][] {{"application/json", "{\"grant_type\": \"client_credentials\"}"},
            {"application/x-www-form-urlencoded", "%ZZ=1"}, {"application/x-www-form-urlencoded", "a=%"},
            {"application/x-www-form-urlencoded; charset=latin1", body}, {"text/plain", "\u0000"}}) {
            check(findings, other[0] + " " + other[1], rawToken(client.basic(), other[0], other[1]));
        }
        assertEquals(List.of(), findings);
    }

    private static String formBody(Map<String, String> valid, String name, List<String> values) {
        List<String> pairs = new java.util.ArrayList<>();
        valid.forEach((key, value) -> {
            for (String sent : key.equals(name) ? values : List.of(value)) {
                pairs.add(key + "=" + java.net.URLEncoder.encode(sent, java.nio.charset.StandardCharsets.UTF_8));
            }
        });
        return String.join("&", pairs);
    }

    /** The body sent as written (RestAssured would encode a form itself). */
    private static java.net.http.HttpResponse<String> rawToken(String basic, String contentType, String body) {
        try {
            return java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest.newBuilder(
                    java.net.URI.create("http://localhost:" + io.restassured.RestAssured.port + OAuthFlows.TOKEN))
                    .header("Authorization", basic).header("Content-Type", contentType)
                    .POST(java.net.http.HttpRequest.BodyPublishers.ofString(body)).build(),
                    java.net.http.HttpResponse.BodyHandlers.ofString());
        } catch (java.io.IOException | InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void check(List<String> findings, String request, java.net.http.HttpResponse<String> answer) {
        String type = answer.headers().firstValue("Content-Type").orElse("");
        boolean fine = answer.statusCode() == 200 ? answer.body().contains("\"access_token\"")
                : answer.statusCode() < 500 && type.startsWith("application/json")
                && answer.body().contains("\"error\"") && !answer.body().contains("tppMessages");
        if (!fine) {
            findings.add((request.length() > 60 ? request.substring(0, 60) + "…" : request) + ": "
                    + answer.statusCode() + " " + type + " "
                    + (answer.body().length() > 200 ? answer.body().substring(0, 200) : answer.body()));
        }
    }

    @Test
    void revocationTakesRefreshTokensAndSaysSoForAccessTokens() {
        Client client = OAuthFlows.secretClient("client_credentials");
        String accessToken = token(client.basic(), form("grant_type", "client_credentials")).path("access_token");
        // an unknown token: nothing to do, answered as done (RFC 7009 section 2.2)
        given().header("Authorization", client.basic()).contentType("application/x-www-form-urlencoded")
                .formParam("token", "no-such-token").post(REVOKE).then().statusCode(200)
                .header("Cache-Control", "no-store");
        assertOAuthError(given().header("Authorization", client.basic())
                        .contentType("application/x-www-form-urlencoded").formParam("token", accessToken).post(REVOKE),
                400, "unsupported_token_type", "revoke the refresh token");
        assertOAuthError(given().contentType("application/x-www-form-urlencoded").formParam("token", "x")
                .post(REVOKE), 401, "invalid_client", "Client authentication");
        assertOAuthError(given().header("Authorization", client.basic())
                        .contentType("application/x-www-form-urlencoded").formParam("token", "x")
                        .formParam("token_type_hint", "id_token").post(REVOKE),
                400, "unsupported_token_type", "id_token");
    }
}
