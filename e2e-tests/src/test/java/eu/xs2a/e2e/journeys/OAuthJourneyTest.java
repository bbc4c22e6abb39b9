package eu.xs2a.e2e.journeys;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.restassured.response.Response;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.jose4j.jwk.JsonWebKeySet;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.consumer.JwtConsumerBuilder;
import org.jose4j.keys.resolvers.JwksVerificationKeyResolver;
import org.junit.jupiter.api.Test;

/**
 * The OAuth2 server of the registered clients through the ingress (registration-service README "OAuth2 authorisation
 * server"): a client registered by open-banking DCR with a software statement of the sandbox directory gets a
 * client-credentials token, then psu1 runs the authorization code flow in a real headless Chromium (the gateway's
 * authorize, the bank's login page, the gateway's callback, the TPP's redirect URI), and the code buys a token of the
 * PSU and a refresh token, once.
 */
class OAuthJourneyTest extends Journey {

    private static final String OAUTH = "/sandbox/oauth";

    @Test
    void aRegisteredClientGetsATokenAndPsu1AuthorisesItInTheBrowser() throws Exception {
        Tpp tpp = newTpp("Theta OAuth", "PSP_AI", "PSP_PI");
        String redirect = "http://localhost:" + URI.create(landing().uri("oauth", "x")).getPort() + "/oauth-cb";
        Response ssa = given().baseUri(stack.baseUrl()).contentType("application/json").body(Map.of(
                        "org_id", tpp.organizationIdentifier(), "org_name", tpp.name(),
                        "software_client_name", "Theta App", "software_redirect_uris", List.of(redirect),
                        "software_roles", List.of("PSP_AI", "PSP_PI")))
                .post("/api/sandbox/v1/software-statements");
        assertEquals(200, ssa.statusCode(), ssa.asString());
        Response client = given().baseUri(stack.baseUrl()).contentType("application/jwt")
                .body(RegistrationJourneyTest.registrationJwt(tpp, ssa.jsonPath().getString("software_id"),
                        ssa.jsonPath().getString("software_statement"), List.of(redirect))
                        .getBytes(StandardCharsets.US_ASCII))
                .post(RegistrationJourneyTest.OB_REGISTER);
        assertEquals(200, client.statusCode(), client.asString());
        String clientId = client.jsonPath().getString("client_id");
        String secret = client.jsonPath().getString("client_secret");

        Response metadata = given().baseUri(stack.baseUrl()).get(OAUTH + "/.well-known/oauth-authorization-server");
        assertEquals(200, metadata.statusCode(), metadata.asString());
        String issuer = metadata.jsonPath().getString("issuer");
        assertEquals(stack.baseUrl() + OAUTH, issuer);

        // client credentials: a token of the client, verified with the published key alone
        Response credentials = token(clientId, secret, Map.of("grant_type", "client_credentials", "scope", "accounts"));
        assertEquals(200, credentials.statusCode(), credentials.asString());
        assertEquals("no-store", credentials.header("Cache-Control"));
        JwtClaims clientClaims = verify(credentials.jsonPath().getString("access_token"), issuer);
        assertEquals(clientId, clientClaims.getSubject());
        assertEquals(tpp.organizationIdentifier(), clientClaims.getStringClaimValue("org_id"));

        // the code flow: psu1 logs in and allows at the bank, in the browser
        byte[] random = new byte[32];
        new java.security.SecureRandom().nextBytes(random);
        String verifier = Base64.getUrlEncoder().withoutPadding().encodeToString(random);
        String challenge = Base64.getUrlEncoder().withoutPadding().encodeToString(
                MessageDigest.getInstance("SHA-256").digest(verifier.getBytes(StandardCharsets.US_ASCII)));
        String state = UUID.randomUUID().toString();
        String authorize = stack.baseUrl() + OAUTH + "/authorize?response_type=code&client_id=" + clientId
                + "&redirect_uri=" + enc(redirect) + "&scope=accounts&state=" + state + "&code_challenge=" + challenge
                + "&code_challenge_method=S256";
        String landed = browser().open(authorize).logInAndAllow("psu1");
        assertTrue(landed.startsWith(redirect + "?"), landed);
        Map<String, String> answer = query(URI.create(landed));
        assertEquals(state, answer.get("state"));
        assertEquals(issuer, answer.get("iss"));
        String code = answer.get("code");
        assertNotNull(code, landed);

        Map<String, String> exchange = new LinkedHashMap<>();
        exchange.put("grant_type", "authorization_code");
        exchange.put("code", code);
        exchange.put("redirect_uri", redirect);
        exchange.put("code_verifier", verifier);
        Response tokens = token(clientId, secret, exchange);
        assertEquals(200, tokens.statusCode(), tokens.asString());
        JwtClaims psuClaims = verify(tokens.jsonPath().getString("access_token"), issuer);
        assertEquals("psu1", psuClaims.getSubject());
        assertEquals("accounts", psuClaims.getStringClaimValue("scope"));
        assertNotNull(tokens.jsonPath().getString("refresh_token"));

        // the code once only
        Response again = token(clientId, secret, exchange);
        assertEquals(400, again.statusCode(), again.asString());
        assertEquals("invalid_grant", again.jsonPath().getString("error"));
    }

    private static Response token(String clientId, String secret, Map<String, String> form) {
        return given().baseUri(stack.baseUrl()).auth().preemptive().basic(clientId, secret)
                .contentType("application/x-www-form-urlencoded").formParams(form).post(OAUTH + "/token");
    }

    private static JwtClaims verify(String accessToken, String issuer) throws Exception {
        String jwks = given().baseUri(stack.baseUrl()).get(OAUTH + "/jwks").asString();
        return new JwtConsumerBuilder()
                .setVerificationKeyResolver(new JwksVerificationKeyResolver(new JsonWebKeySet(jwks).getJsonWebKeys()))
                .setExpectedIssuer(issuer)
                .setExpectedAudience(stack.baseUrl() + "/sandbox")
                .setRequireExpirationTime()
                .build().processToClaims(accessToken);
    }

    /** The query parameters of a redirect, decoded. */
    static Map<String, String> query(URI uri) {
        Map<String, String> values = new LinkedHashMap<>();
        for (String pair : uri.getRawQuery().split("&")) {
            int eq = pair.indexOf('=');
            values.put(pair.substring(0, eq), URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
        }
        return values;
    }

    private static String enc(String value) {
        return java.net.URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
