package eu.xs2a.registration.api;

import static eu.xs2a.registration.support.OAuthFlows.REDIRECT;
import static eu.xs2a.registration.support.OAuthFlows.REVOKE;
import static eu.xs2a.registration.support.OAuthFlows.authorize;
import static eu.xs2a.registration.support.OAuthFlows.authorizeQuery;
import static eu.xs2a.registration.support.OAuthFlows.code;
import static eu.xs2a.registration.support.OAuthFlows.exchange;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.registration.domain.OAuthCode;
import eu.xs2a.registration.domain.OAuthGrantCleanup;
import eu.xs2a.registration.domain.OAuthRefreshToken;
import eu.xs2a.registration.support.OAuthFlows;
import eu.xs2a.registration.support.OAuthFlows.Client;
import eu.xs2a.registration.support.OAuthFlows.Pkce;
import eu.xs2a.registration.support.RegistrationBank;
import eu.xs2a.registration.support.SettableClock;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jose4j.jwt.JwtClaims;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The authorization code flow with PKCE as PSU psu1 at the real sandbox bank's login page, refresh token rotation,
 * and each misuse: a wrong verifier, a reused code (which revokes what it gave), another client's code, another
 * redirect URI, a reused refresh token (which revokes the family), expired codes and refresh tokens, and authorize
 * requests that may not or cannot go back to the client. The service's clock stands still until a test moves it.
 */
@QuarkusTest
@TestProfile(OAuthCodeFlowTest.WithBank.class)
class OAuthCodeFlowTest {

    public static class WithBank implements QuarkusTestProfile {

        @Override
        public Set<Class<?>> getEnabledAlternatives() {
            return Set.of(SettableClock.class);
        }

        @Override
        public List<TestResourceEntry> testResources() {
            return List.of(new TestResourceEntry(RegistrationBank.class));
        }
    }

    @Inject OAuthGrantCleanup cleanup;

    /** Registrations are signed at the real time: each test starts there, whatever the one before moved to. */
    @BeforeEach
    void realTime() {
        SettableClock.reset();
    }

    private static void assertInvalidGrant(Response response, String descriptionPart) {
        response.then().statusCode(400).header("Cache-Control", "no-store")
                .body("error", equalTo("invalid_grant"))
                .body("error_description", containsString(descriptionPart));
    }

    private static Map<String, String> refresh(String refreshToken) {
        return Map.of("grant_type", "refresh_token", "refresh_token", refreshToken);
    }

    @Test
    void psu1AllowsAtTheBankAndTheCodeBuysATokenOfThePsuOnce() throws Exception {
        Client client = OAuthFlows.secretClient("authorization_code", "refresh_token");
        Pkce pkce = Pkce.create();
        String code = code(client, pkce, REDIRECT);

        Response tokens = client.token(exchange(code, REDIRECT, pkce.verifier()));
        tokens.then().statusCode(200).header("Cache-Control", "no-store")
                .body("token_type", equalTo("Bearer")).body("scope", equalTo("accounts"))
                .body("refresh_token", notNullValue());
        JwtClaims claims = OAuthFlows.verify(tokens.path("access_token"), SettableClock.now());
        assertEquals("psu1", claims.getSubject());
        assertEquals(client.id(), claims.getStringClaimValue("client_id"));
        assertEquals(client.orgId(), claims.getStringClaimValue("org_id"));

        // the code again: refused, and the refresh token it gave is revoked with it
        assertInvalidGrant(client.token(exchange(code, REDIRECT, pkce.verifier())), "used before");
        assertInvalidGrant(client.token(refresh(tokens.path("refresh_token"))), "revoked");
    }

    @Test
    void theCodeIsBoundToItsVerifierClientAndRedirectUri() {
        Client client = OAuthFlows.secretClient("authorization_code");
        Client other = OAuthFlows.secretClient("authorization_code");
        Pkce pkce = Pkce.create();
        String code = code(client, pkce, REDIRECT);

        assertInvalidGrant(client.token(exchange(code, REDIRECT, Pkce.create().verifier())), "code_verifier");
        assertInvalidGrant(client.token(exchange(code, REDIRECT + "2", pkce.verifier())), "redirect_uri");
        assertInvalidGrant(other.token(exchange(code, REDIRECT, pkce.verifier())), "another client");
        client.token(Map.of("grant_type", "authorization_code", "code", code, "redirect_uri", REDIRECT))
                .then().statusCode(400).body("error", equalTo("invalid_request"))
                .body("error_description", containsString("code_verifier"));
        // none of the refusals used it up: the rightful exchange still works (a client without refresh_token gets none)
        client.token(exchange(code, REDIRECT, pkce.verifier())).then().statusCode(200)
                .body("refresh_token", nullValue());
    }

    @Test
    void aRefreshTokenIsRotatedAndItsReuseRevokesTheWholeFamily() {
        Client client = OAuthFlows.keyClient("authorization_code", "refresh_token");
        Pkce pkce = Pkce.create();
        String first = client.token(exchange(code(client, pkce, REDIRECT), REDIRECT, pkce.verifier()))
                .then().statusCode(200).extract().path("refresh_token");

        Response rotated = client.token(refresh(first));
        rotated.then().statusCode(200).body("access_token", notNullValue()).body("scope", equalTo("accounts"));
        String second = rotated.path("refresh_token");
        assertNotEquals(first, second);
        // another client cannot use it
        assertInvalidGrant(OAuthFlows.secretClient("refresh_token").token(refresh(second)), "another client");

        // the first again (stolen, or replayed): refused, and the newer one dies with it
        assertInvalidGrant(client.token(refresh(first)), "used before");
        assertInvalidGrant(client.token(refresh(second)), "revoked");
    }

    @Test
    void revokingARefreshTokenEndsItsGrant() {
        Client client = OAuthFlows.secretClient("authorization_code", "refresh_token");
        Pkce pkce = Pkce.create();
        String refreshToken = client.token(exchange(code(client, pkce, REDIRECT), REDIRECT, pkce.verifier()))
                .path("refresh_token");
        // another client's revocation changes nothing
        Client other = OAuthFlows.secretClient("authorization_code");
        given().header("Authorization", other.basic()).contentType("application/x-www-form-urlencoded")
                .formParam("token", refreshToken).post(REVOKE).then().statusCode(200);
        String next = client.token(refresh(refreshToken)).then().statusCode(200).extract().path("refresh_token");

        given().header("Authorization", client.basic()).contentType("application/x-www-form-urlencoded")
                .formParam("token", next).formParam("token_type_hint", "refresh_token").post(REVOKE)
                .then().statusCode(200).header("Cache-Control", "no-store");
        assertInvalidGrant(client.token(refresh(next)), "revoked");
    }

    @Test
    void codesAndRefreshTokensExpire() {
        Client client = OAuthFlows.secretClient("authorization_code", "refresh_token");
        Pkce pkce = Pkce.create();
        String late = code(client, pkce, REDIRECT);
        SettableClock.advance(Duration.ofSeconds(61));
        assertInvalidGrant(client.token(exchange(late, REDIRECT, pkce.verifier())), "expired");

        String refreshToken = client.token(exchange(code(client, pkce, REDIRECT), REDIRECT, pkce.verifier()))
                .path("refresh_token");
        // a second past the 30 days (the database keeps microseconds and rounds: the exact instant may fall either way)
        SettableClock.advance(Duration.ofDays(30).plusSeconds(1));
        assertInvalidGrant(client.token(refresh(refreshToken)), "expired");

        // a refresh-token lifetime later the cleanup deletes them; the service still only says the token is unknown
        SettableClock.advance(Duration.ofDays(30));
        cleanup.run();
        assertEquals(0L, QuarkusTransaction.requiringNew().call(() -> OAuthRefreshToken.count("clientId", client.id())
                + OAuthCode.count("clientId", client.id())));
        assertInvalidGrant(client.token(refresh(refreshToken)), "unknown");
    }

    @Test
    void aPsuWhoDeniesSendsTheClientAccessDeniedAndTheLinkWorksOnce() {
        Client client = OAuthFlows.secretClient("authorization_code");
        Map<String, String> query = authorizeQuery(client, Pkce.create(), REDIRECT);
        Map<String, String> answer = OAuthFlows.psuVisit(query, "psu1", false);
        assertEquals("access_denied", answer.get("error"));
        assertEquals(query.get("state"), answer.get("state"));
        assertNull(answer.get("code"));
    }

    @Test
    void anUnknownClientOrUnregisteredRedirectUriGetsAPageNeverARedirect() {
        Client client = OAuthFlows.secretClient("authorization_code");
        Map<String, String> query = authorizeQuery(client, Pkce.create(), "https://evil.example/cb");
        for (Map<String, String> refused : List.of(query, Map.of("response_type", "code", "client_id", "nobody",
                "redirect_uri", REDIRECT))) {
            given().redirects().follow(false).accept("text/html").queryParams(refused).get(OAuthFlows.AUTHORIZE)
                    .then().statusCode(400).contentType(containsString("text/html"))
                    .header("Location", nullValue())
                    .body(not(containsString("tppMessages")));
        }
    }

    @Test
    void otherAuthorizeFaultsGoBackToTheClientWithTheirError() {
        Client client = OAuthFlows.secretClient("authorization_code");
        Client noCode = OAuthFlows.secretClient("client_credentials");
        Pkce pkce = Pkce.create();
        assertRedirectedError(with(authorizeQuery(client, pkce, REDIRECT), "code_challenge_method", "plain"),
                "invalid_request", "S256");
        assertRedirectedError(with(authorizeQuery(client, pkce, REDIRECT), "code_challenge", null),
                "invalid_request", "code_challenge");
        assertRedirectedError(with(authorizeQuery(client, pkce, REDIRECT), "response_type", "token"),
                "unsupported_response_type", "code");
        assertRedirectedError(with(authorizeQuery(client, pkce, REDIRECT), "scope", "accounts admin"),
                "invalid_scope", "admin");
        assertRedirectedError(authorizeQuery(noCode, pkce, REDIRECT), "unauthorized_client", "authorization_code");
        // the OAuth SCA approach's scopes: only at a provider with that approach, one consent or payment each
        assertRedirectedError(with(authorizeQuery(client, pkce, REDIRECT), "scope",
                "AIS:" + java.util.UUID.randomUUID()), "invalid_scope", "only at a provider with the OAuth SCA");
        assertRedirectedError(OAuthFlows.OAUTH_SCA_PROVIDER, with(authorizeQuery(client, pkce, REDIRECT), "scope",
                "AIS:" + java.util.UUID.randomUUID() + " PIS:" + java.util.UUID.randomUUID()), "invalid_scope",
                "one consent or payment");
        // a state too long to keep: refused, and not echoed
        Response longState = authorize(with(authorizeQuery(client, pkce, REDIRECT), "state", "s".repeat(501)));
        assertEquals(303, longState.statusCode(), longState.asString());
        Map<String, String> answer = OAuthFlows.query(URI.create(longState.header("Location")));
        assertEquals("invalid_request", answer.get("error"));
        assertNull(answer.get("state"));
    }

    /**
     * Each parameter of the PSU's browser's authorize request left out, empty, blank, overlong, with control or format
     * characters, or given twice: the answer is the way to the bank's page, the client's redirect URI with an error,
     * or a page of the gateway's own, never a 5xx and never JSON.
     */
    @Test
    void everyWrongAuthorizeQueryGetsAPageOrTheClientsErrorNeverJson() {
        Client client = OAuthFlows.secretClient("authorization_code");
        Map<String, String> valid = authorizeQuery(client, Pkce.create(), REDIRECT);
        String login = authorize(valid).then().statusCode(303).extract().header("Location");
        String bankPage = login.substring(0, login.lastIndexOf('/') + 1); // the bank's login page, one per request
        List<String> findings = new java.util.ArrayList<>();
        for (String name : valid.keySet()) {
            List<List<String>> versions = new java.util.ArrayList<>();
            versions.add(List.of());
            for (String wrong : List.of("", " ", "x".repeat(3_000), "a\u0000b", "a\r\nb", "\u202e")) {
                versions.add(List.of(wrong));
            }
            versions.add(List.of(valid.get(name), valid.get(name)));
            versions.add(List.of(valid.get(name), "other"));
            for (List<String> values : versions) {
                io.restassured.specification.RequestSpecification request = given().redirects().follow(false)
                        .accept("text/html");
                for (Map.Entry<String, String> param : valid.entrySet()) {
                    if (!param.getKey().equals(name)) {
                        request = request.queryParam(param.getKey(), param.getValue());
                    } else if (!values.isEmpty()) {
                        request = request.queryParam(name, values.toArray());
                    }
                }
                Response answer = request.get(OAuthFlows.AUTHORIZE);
                String location = String.valueOf(answer.header("Location"));
                String type = String.valueOf(answer.contentType());
                boolean fine = answer.statusCode() == 303 ? location.startsWith(REDIRECT + "?")
                        && OAuthFlows.query(URI.create(location)).containsKey("error") || location.startsWith(bankPage)
                        : answer.statusCode() < 500 && type.startsWith("text/html")
                        && !answer.asString().contains("tppMessages");
                if (!fine) {
                    findings.add(name + "=" + values.stream().map(v -> v.length() > 20 ? v.substring(0, 20) + "…" : v)
                            .toList() + ": " + answer.statusCode() + " " + type + " " + location);
                }
            }
        }
        assertEquals(List.of(), findings);
    }

    @Test
    void aScopeNamingAConsentTheBankDoesNotHoldEndsAccessDeniedAndNeverAClientToken() {
        Client client = OAuthFlows.secretClient("authorization_code", "client_credentials");
        Map<String, String> query = with(authorizeQuery(client, Pkce.create(), REDIRECT), "scope",
                "AIS:" + java.util.UUID.randomUUID());
        Map<String, String> answer = OAuthFlows.psuVisit(OAuthFlows.OAUTH_SCA_PROVIDER, query, "psu1", true);
        assertEquals("access_denied", answer.get("error"), answer.toString());
        assertNull(answer.get("code"));
        // resource scopes are asked only at the authorize step, never with client credentials
        Response credentials = client.token(Map.of("grant_type", "client_credentials", "scope", "AIS:x"));
        assertEquals(400, credentials.statusCode(), credentials.asString());
        assertEquals("invalid_scope", credentials.jsonPath().getString("error"));
    }

    private static Map<String, String> with(Map<String, String> query, String name, String value) {
        Map<String, String> changed = new java.util.LinkedHashMap<>(query);
        if (value == null) {
            changed.remove(name);
        } else {
            changed.put(name, value);
        }
        return changed;
    }

    private static void assertRedirectedError(Map<String, String> query, String error, String descriptionPart) {
        assertRedirectedError(OAuthFlows.PROVIDER, query, error, descriptionPart);
    }

    private static void assertRedirectedError(String provider, Map<String, String> query, String error,
                                              String descriptionPart) {
        Response response = OAuthFlows.authorize(provider, query);
        assertEquals(303, response.statusCode(), response.asString());
        URI location = URI.create(response.header("Location"));
        assertTrue(location.toString().startsWith(REDIRECT + "?"), location.toString());
        Map<String, String> answer = OAuthFlows.query(location);
        assertEquals(error, answer.get("error"));
        assertTrue(answer.get("error_description").contains(descriptionPart), answer.toString());
        assertEquals(query.get("state"), answer.get("state"));
    }
}
