package eu.xs2a.registration.support;

import static eu.xs2a.registration.support.Api.registerJwt;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;

import eu.xs2a.security.tpp.Role;
import eu.xs2a.testsupport.TestPki;
import eu.xs2a.testsupport.TestTpp;
import io.restassured.response.Response;
import java.io.IOException;
import java.net.URI;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.consumer.JwtConsumer;
import org.jose4j.jwt.consumer.JwtConsumerBuilder;
import org.jose4j.keys.resolvers.JwksVerificationKeyResolver;
import org.jose4j.jwk.JsonWebKeySet;

/**
 * The client side of the OAuth server in tests: clients registered by open-banking DCR (secret or private_key_jwt),
 * token requests, PKCE pairs, and the PSU's way through authorize, the bank's login page and the callback, driven
 * over plain HTTP as aspsp-sandbox's BANK-API.md describes the pages.
 */
public final class OAuthFlows {

    public static final String PROVIDER = "sandbox";
    /** The provider with the OAuth SCA approach (config/providers.properties), whose authorize takes AIS:/PIS: scopes. */
    public static final String OAUTH_SCA_PROVIDER = "sandbox-oauth";
    public static final String BASE = "/" + PROVIDER + "/oauth";
    public static final String TOKEN = BASE + "/token";
    public static final String REVOKE = BASE + "/revoke";
    public static final String AUTHORIZE = BASE + "/authorize";
    /** The public URLs under the test profile's public base URL (psd2.public-base-url's default). */
    public static final String ISSUER = "http://localhost:8080" + BASE;
    public static final String TOKEN_URL = ISSUER + "/token";
    public static final String REDIRECT = "https://tpp.example/cb";
    public static final String JWT_BEARER = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";
    private static final SecureRandom RANDOM = new SecureRandom();

    private OAuthFlows() {
    }

    /** A registered client: its id, secret (null for private_key_jwt), organisation and signing QSEAL. */
    public record Client(String id, String secret, String orgId, TestTpp qseal) {

        public String basic() {
            return "Basic " + Base64.getEncoder().encodeToString((id + ":" + secret).getBytes(StandardCharsets.UTF_8));
        }

        /** A client assertion for the token endpoint: iss = sub = client_id, exp in a minute, a fresh jti. */
        public String assertion(String audience) {
            long now = Instant.now().getEpochSecond();
            Map<String, Object> claims = new LinkedHashMap<>();
            claims.put("iss", id);
            claims.put("sub", id);
            claims.put("aud", audience);
            claims.put("iat", now);
            claims.put("exp", now + 60);
            claims.put("jti", UUID.randomUUID().toString());
            return Jwts.signedByQseal(claims, qseal);
        }

        /** A token request authenticated by this client's registered method. */
        public Response token(Map<String, String> form) {
            if (secret != null) {
                return OAuthFlows.token(basic(), form);
            }
            Map<String, String> withAssertion = new LinkedHashMap<>(form);
            withAssertion.put("client_assertion_type", JWT_BEARER);
            withAssertion.put("client_assertion", assertion(TOKEN_URL));
            return OAuthFlows.token(null, withAssertion);
        }
    }

    /** A client_secret_basic client of a new organisation with the given grant types. */
    public static Client secretClient(String... grantTypes) {
        return register(null, grantTypes);
    }

    /** A private_key_jwt client (PS256) of a new organisation, its assertions signed by its QSEAL. */
    public static Client keyClient(String... grantTypes) {
        return register("private_key_jwt", grantTypes);
    }

    private static Client register(String authMethod, String... grantTypes) {
        String softwareId = "sw" + UUID.randomUUID().toString().replace("-", "");
        String orgId = Api.orgId();
        TestTpp qseal = TestPki.shared().tpp(orgId, "OAuth TPP", Role.PSP_AI, Role.PSP_PI);
        Map<String, Object> claims = Jwts.requestClaims(softwareId,
                Jwts.ssa(Jwts.ssaClaims(softwareId, orgId, null)));
        claims.put("grant_types", List.of(grantTypes));
        claims.put("redirect_uris", List.of(REDIRECT, REDIRECT + "2"));
        if (authMethod != null) {
            claims.put("token_endpoint_auth_method", authMethod);
            claims.put("token_endpoint_auth_signing_alg", "PS256");
        }
        Response response = registerJwt(Jwts.signedByQseal(claims, qseal));
        response.then().statusCode(200);
        return new Client(response.path("client_id"), response.path("client_secret"), orgId, qseal);
    }

    /** A form post to the token endpoint, with HTTP Basic when {@code basic} is not null. */
    public static Response token(String basic, Map<String, String> form) {
        var request = given().redirects().follow(false).contentType("application/x-www-form-urlencoded")
                .formParams(form);
        if (basic != null) {
            request.header("Authorization", basic);
        }
        return request.post(TOKEN);
    }

    /** A PKCE verifier and its S256 challenge. */
    public record Pkce(String verifier, String challenge) {

        public static Pkce create() {
            byte[] bytes = new byte[32];
            RANDOM.nextBytes(bytes);
            String verifier = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
            try {
                byte[] digest = MessageDigest.getInstance("SHA-256").digest(verifier.getBytes(StandardCharsets.US_ASCII));
                return new Pkce(verifier, Base64.getUrlEncoder().withoutPadding().encodeToString(digest));
            } catch (java.security.NoSuchAlgorithmException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    /** The authorize request of a browser, not followed. */
    public static Response authorize(Map<String, String> query) {
        return authorize(PROVIDER, query);
    }

    /** The same at another provider's OAuth server. */
    public static Response authorize(String provider, Map<String, String> query) {
        return given().redirects().follow(false).queryParams(query).get("/" + provider + "/oauth/authorize");
    }

    /** The authorize query of a code flow with PKCE S256 and a state. */
    public static Map<String, String> authorizeQuery(Client client, Pkce pkce, String redirectUri) {
        Map<String, String> query = new LinkedHashMap<>();
        query.put("response_type", "code");
        query.put("client_id", client.id());
        query.put("redirect_uri", redirectUri);
        query.put("scope", "accounts");
        query.put("state", "st-" + UUID.randomUUID());
        query.put("code_challenge", pkce.challenge());
        query.put("code_challenge_method", "S256");
        return query;
    }

    /**
     * The PSU's whole way: authorize → the bank's page → "Log in and allow" (or Deny) → the gateway's callback.
     * Returns the query parameters the client's redirect URI receives.
     */
    public static Map<String, String> psuVisit(Map<String, String> authorizeQuery, String username, boolean allow) {
        return psuVisit(PROVIDER, authorizeQuery, username, allow);
    }

    /** The same at another provider's OAuth server. */
    public static Map<String, String> psuVisit(String provider, Map<String, String> authorizeQuery, String username,
                                               boolean allow) {
        Response authorize = authorize(provider, authorizeQuery);
        assertEquals(303, authorize.statusCode(), authorize.asString());
        String callback = BankPage.decide(authorize.header("Location"), username, allow);
        URI callbackUri = URI.create(callback);
        assertEquals("/" + provider + "/oauth/callback", callbackUri.getPath());
        Response back = given().redirects().follow(false).get(callbackUri.getPath() + "?" + callbackUri.getRawQuery());
        assertEquals(303, back.statusCode(), back.asString());
        String location = back.header("Location");
        return query(URI.create(location));
    }

    /** The code of an allowed PSU visit, after checking state and issuer. */
    public static String code(Client client, Pkce pkce, String redirectUri) {
        Map<String, String> query = authorizeQuery(client, pkce, redirectUri);
        Map<String, String> answer = psuVisit(query, "psu1", true);
        assertEquals(query.get("state"), answer.get("state"));
        assertEquals(ISSUER, answer.get("iss"));
        return answer.get("code");
    }

    /** A code exchange's form. */
    public static Map<String, String> exchange(String code, String redirectUri, String verifier) {
        Map<String, String> form = new LinkedHashMap<>();
        form.put("grant_type", "authorization_code");
        form.put("code", code);
        form.put("redirect_uri", redirectUri);
        form.put("code_verifier", verifier);
        return form;
    }

    public static Map<String, String> query(URI uri) {
        Map<String, String> values = new LinkedHashMap<>();
        if (uri.getRawQuery() != null) {
            for (String pair : uri.getRawQuery().split("&")) {
                int eq = pair.indexOf('=');
                values.put(URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
                        URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
            }
        }
        return values;
    }

    /** The claims of an access token, verified with the published JWKS, issuer and audience. */
    public static JwtClaims verify(String accessToken, Instant at) throws Exception {
        String jwks = given().get(BASE + "/jwks").then().statusCode(200).extract().asString();
        JwtConsumer consumer = new JwtConsumerBuilder()
                .setVerificationKeyResolver(new JwksVerificationKeyResolver(new JsonWebKeySet(jwks).getJsonWebKeys()))
                .setExpectedIssuer(ISSUER)
                .setExpectedAudience("http://localhost:8080/" + PROVIDER)
                .setRequireExpirationTime()
                .setSkipDefaultAudienceValidation()
                .setEvaluationTime(org.jose4j.jwt.NumericDate.fromSeconds(at.getEpochSecond()))
                .build();
        return consumer.processToClaims(accessToken);
    }

    /** The bank's login page, driven as a browser would: read the form, post it with the CSRF cookie. */
    static final class BankPage {

        private static final Pattern CSRF = Pattern.compile("name=\"csrf\" value=\"([^\"]+)\"");
        private static final HttpClient HTTP = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER)
                .build();

        static String decide(String pageUrl, String username, boolean allow) {
            try {
                HttpResponse<String> page = HTTP.send(HttpRequest.newBuilder(URI.create(pageUrl)).GET().build(),
                        HttpResponse.BodyHandlers.ofString());
                assertEquals(200, page.statusCode(), page.body());
                Matcher csrf = CSRF.matcher(page.body());
                if (!csrf.find()) {
                    throw new AssertionError("no CSRF field on the bank's page: " + page.body());
                }
                String cookie = page.headers().allValues("Set-Cookie").stream()
                        .filter(c -> c.startsWith("SANDBOX_CSRF=")).map(c -> c.split(";")[0]).findFirst()
                        .orElseThrow();
                String form = "csrf=" + enc(csrf.group(1)) + "&username=" + enc(username) + "&password=sandbox"
                        + "&decision=" + (allow ? "allow" : "deny");
                HttpResponse<String> posted = HTTP.send(HttpRequest.newBuilder(URI.create(pageUrl))
                        .header("Content-Type", "application/x-www-form-urlencoded").header("Cookie", cookie)
                        .POST(HttpRequest.BodyPublishers.ofString(form)).build(), HttpResponse.BodyHandlers.ofString());
                assertEquals(303, posted.statusCode(), posted.body());
                return posted.headers().firstValue("Location").orElseThrow();
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }

        private static String enc(String value) {
            return URLEncoder.encode(value, StandardCharsets.UTF_8);
        }
    }
}
