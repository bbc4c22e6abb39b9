package eu.xs2a.e2e.journeys;

import static eu.xs2a.e2e.support.BerlinGroup.PSU1_MAIN;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.security.client.Pem;
import io.restassured.response.Response;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.jose4j.jws.AlgorithmIdentifiers;
import org.jose4j.jws.JsonWebSignature;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.NumericDate;
import org.junit.jupiter.api.Test;

/**
 * The OAuth SCA approach at provider sandbox-oauth (docs/ARCHITECTURE.md "OAuth SCA approach"), through the ingress:
 * a client registered by open-banking DCR creates an AIS consent, which answers REDIRECT with {@code scaOAuth}; psu1
 * allows {@code AIS:<consentId>} at the bank's login page in a headless Chromium; the consent stays unauthorised
 * until the code is exchanged, then is valid, and its accounts are read with the token. Every misuse answers its own
 * error: wrong PKCE verifier, reused code, reused refresh token, no token, a token of the client itself, of another
 * TPP, and an expired one. A payment likewise, by the code flow with {@code PIS:<paymentId>} started at once after
 * its 201. And the OAuth pre-step at provider sandbox-oauth-pre.
 */
class OAuthScaJourneyTest extends Journey {

    private static final String PROVIDER = "sandbox-oauth";
    private static final String OAUTH = "/" + PROVIDER + "/oauth";
    private static final String CONSENTS = "/" + PROVIDER + "/api/berlingroup/v1/consents";
    private static final String ACCOUNTS = "/" + PROVIDER + "/api/berlingroup/v1/accounts";
    private static final String PAYMENTS = "/" + PROVIDER + "/api/berlingroup/v1/payments/sepa-credit-transfers";

    /** A registered open-banking client of a TPP. */
    private record Client(Tpp tpp, String clientId, String secret, String redirect) {
    }

    @Test
    void psu1AuthorisesAConsentByTheCodeFlowAndTheTppReadsAccountsWithTheToken() throws Exception {
        Client alpha = register("Kappa OAuth SCA");
        Tpp tpp = alpha.tpp();

        Response created = tpp.post(CONSENTS, redirect(redirectUri("ok"), null), aisBody(PSU1_MAIN));
        assertStatus(201, created);
        assertEquals("REDIRECT", created.header("ASPSP-SCA-Approach"));
        assertEquals(stack.baseUrl() + OAUTH + "/.well-known/oauth-authorization-server",
                created.jsonPath().getString("_links.scaOAuth.href"));
        assertNull(created.jsonPath().getString("_links.scaRedirect"), created.asString());
        String consentId = created.jsonPath().getString("consentId");
        Response metadata = given().baseUri(stack.baseUrl()).get(URI.create(created.jsonPath()
                .getString("_links.scaOAuth.href")).getPath());
        assertStatus(200, metadata);
        assertEquals(List.of("S256"), metadata.jsonPath().getList("code_challenge_methods_supported"));
        assertNotNull(metadata.jsonPath().getString("revocation_endpoint"));

        // psu1 allows AIS:<consentId> at the bank; the consent is not valid before the code is exchanged
        String verifier = randomToken();
        String landed = browser().open(authorize(alpha, "AIS:" + consentId, verifier)).logInAndAllow("psu1");
        assertTrue(landed.startsWith(alpha.redirect() + "?"), landed);
        String code = OAuthJourneyTest.query(URI.create(landed)).get("code");
        assertNotNull(code, landed);
        assertEquals("received", status(tpp, consentId));

        Response wrongVerifier = token(alpha, exchange(alpha, code, randomToken()));
        assertOAuthError(400, "invalid_grant", wrongVerifier);
        assertEquals("received", status(tpp, consentId));

        Response tokens = token(alpha, exchange(alpha, code, verifier));
        assertStatus(200, tokens);
        assertEquals("no-store", tokens.header("Cache-Control"));
        assertEquals("AIS:" + consentId, tokens.jsonPath().getString("scope"));
        String accessToken = tokens.jsonPath().getString("access_token");
        assertEquals("valid", eventually("the consent is valid after the code's exchange",
                () -> status(tpp, consentId), "valid"::equals));

        Map<String, String> read = consent(consentId);
        read.put("Authorization", "Bearer " + accessToken);
        Response accounts = tpp.get(ACCOUNTS, read);
        assertStatus(200, accounts);
        assertEquals(PSU1_MAIN, accounts.jsonPath().getString("accounts[0].iban"));

        // the refresh token rotates; the used one again revokes the grant, its successor included
        String refresh = tokens.jsonPath().getString("refresh_token");
        Response rotated = token(alpha, Map.of("grant_type", "refresh_token", "refresh_token", refresh));
        assertStatus(200, rotated);
        String next = rotated.jsonPath().getString("refresh_token");
        assertOAuthError(400, "invalid_grant", token(alpha, Map.of("grant_type", "refresh_token",
                "refresh_token", refresh)));
        assertOAuthError(400, "invalid_grant", token(alpha, Map.of("grant_type", "refresh_token",
                "refresh_token", next)));

        // the code once only (its grant is revoked already)
        assertOAuthError(400, "invalid_grant", token(alpha, exchange(alpha, code, verifier)));

        // no token, the client's own token, another TPP's token, an expired one
        assertError(tpp.get(ACCOUNTS, consent(consentId)), 401, "AccessDenied", "TOKEN_INVALID");
        Response own = token(alpha, Map.of("grant_type", "client_credentials", "scope", "accounts"));
        assertStatus(200, own);
        Map<String, String> withOwn = consent(consentId);
        withOwn.put("Authorization", "Bearer " + own.jsonPath().getString("access_token"));
        assertError(tpp.get(ACCOUNTS, withOwn), 401, "AccessDenied", "TOKEN_INVALID");

        Client beta = register("Lambda OAuth SCA");
        Response betaConsent = beta.tpp().post(CONSENTS, redirect(redirectUri("ok"), null), aisBody(PSU1_MAIN));
        assertStatus(201, betaConsent);
        String betaVerifier = randomToken();
        String betaLanded = browser().open(authorize(beta, "AIS:" + betaConsent.jsonPath().getString("consentId"),
                betaVerifier)).logInAndAllow("psu1");
        String betaCode = OAuthJourneyTest.query(URI.create(betaLanded)).get("code");
        Response betaTokens = token(beta, exchange(beta, betaCode, betaVerifier));
        assertStatus(200, betaTokens);
        Map<String, String> withBeta = consent(consentId);
        withBeta.put("Authorization", "Bearer " + betaTokens.jsonPath().getString("access_token"));
        assertError(tpp.get(ACCOUNTS, withBeta), 401, "AccessDenied", "TOKEN_UNKNOWN");
        // and alpha's token does not work for beta
        Map<String, String> alphaAtBeta = consent(betaConsent.jsonPath().getString("consentId"));
        alphaAtBeta.put("Authorization", "Bearer " + accessToken);
        assertError(beta.tpp().get(ACCOUNTS, alphaAtBeta), 401, "AccessDenied", "TOKEN_UNKNOWN");

        Map<String, String> withExpired = consent(consentId);
        withExpired.put("Authorization", "Bearer " + expiredToken(alpha, consentId));
        assertError(tpp.get(ACCOUNTS, withExpired), 401, "AccessDenied", "TOKEN_EXPIRED");
    }

    @Test
    void psu1AuthorisesAPaymentByTheCodeFlowStartedAtOnceAfterTheInitiation() throws Exception {
        Client alpha = register("Mu OAuth PIS");
        Tpp tpp = alpha.tpp();

        Response created = tpp.post(PAYMENTS, PaymentJourneyTest.paymentHeaders(redirectUri("paid"), null),
                PaymentJourneyTest.paymentBody(PSU1_MAIN, "4.20", "E2E-OAUTH-PIS", null));
        assertStatus(201, created);
        assertEquals("REDIRECT", created.header("ASPSP-SCA-Approach"));
        assertEquals("RCVD", created.jsonPath().getString("transactionStatus"));
        assertEquals(stack.baseUrl() + OAUTH + "/.well-known/oauth-authorization-server",
                created.jsonPath().getString("_links.scaOAuth.href"));
        assertNull(created.jsonPath().getString("_links.scaRedirect"), created.asString());
        String paymentId = created.jsonPath().getString("paymentId");
        String payment = PAYMENTS + "/" + paymentId;

        // the code flow straight after the 201: the payment is at the bank already (the initiation waited for it)
        String verifier = randomToken();
        String landed = browser().open(authorize(alpha, "PIS:" + paymentId, verifier)).logInAndAllow("psu1");
        assertTrue(landed.startsWith(alpha.redirect() + "?"), landed);
        String code = OAuthJourneyTest.query(URI.create(landed)).get("code");
        assertNotNull(code, landed);
        assertEquals("RCVD", transactionStatus(tpp, payment), "not authorised before the code's exchange");

        Response tokens = token(alpha, exchange(alpha, code, verifier));
        assertStatus(200, tokens);
        assertEquals("PIS:" + paymentId, tokens.jsonPath().getString("scope"));
        assertEquals("ACSC", eventually("the bank executing the payment after the code's exchange",
                () -> transactionStatus(tpp, payment), s -> List.of("ACSC", "RJCT", "CANC").contains(s)));
        // the code once only
        assertOAuthError(400, "invalid_grant", token(alpha, exchange(alpha, code, verifier)));

        // another TPP's payment, and a payment id that was never issued: no code, the client gets an RFC 6749 error
        Client beta = register("Nu OAuth PIS");
        Response betaPayment = beta.tpp().post(PAYMENTS, PaymentJourneyTest.paymentHeaders(redirectUri("paid"), null),
                PaymentJourneyTest.paymentBody(PSU1_MAIN, "1.00", "E2E-OAUTH-PIS-B", null));
        assertStatus(201, betaPayment);
        String betaPaymentId = betaPayment.jsonPath().getString("paymentId");
        for (String scope : List.of("PIS:" + betaPaymentId, "PIS:987654321987")) {
            String refused = browser().open(authorize(alpha, scope, randomToken())).logInAndAllow("psu1");
            Map<String, String> answer = OAuthJourneyTest.query(URI.create(refused));
            assertTrue(refused.startsWith(alpha.redirect() + "?"), refused);
            assertEquals("access_denied", answer.get("error"), refused);
            assertNull(answer.get("code"), refused);
        }
        assertEquals("RCVD", transactionStatus(beta.tpp(), PAYMENTS + "/" + betaPaymentId));
    }

    /**
     * The OAuth pre-step at provider sandbox-oauth-pre: every AIS and PIS call needs a PSU's token of that provider's
     * OAuth server issued to the calling TPP; without one, or with another TPP's, the call is refused after the
     * signature checks, before anything is created.
     */
    @Test
    void thePreStepProviderServesATppOnlyWithAPsuTokenOfItsOwn() throws Exception {
        String provider = "sandbox-oauth-pre";
        String consents = "/" + provider + "/api/berlingroup/v1/consents";
        String payments = "/" + provider + "/api/berlingroup/v1/payments/sepa-credit-transfers";
        Client alpha = register("Xi OAuth pre-step");
        Client beta = register("Omicron OAuth pre-step");
        String alphaToken = psuToken(provider, alpha, "accounts");
        String betaToken = psuToken(provider, beta, "accounts");

        Map<String, String> withToken = redirect(redirectUri("ok"), null);
        withToken.put("Authorization", "Bearer " + alphaToken);
        Response created = alpha.tpp().post(consents, withToken, aisBody(PSU1_MAIN));
        assertStatus(201, created);
        assertNotNull(created.jsonPath().getString("_links.scaRedirect.href"), created.asString());
        String consentId = created.jsonPath().getString("consentId");
        Map<String, String> read = new LinkedHashMap<>(Map.of("Authorization", "Bearer " + alphaToken));
        Response status = alpha.tpp().get(consents + "/" + consentId + "/status", read);
        assertStatus(200, status);
        assertEquals("received", status.jsonPath().getString("consentStatus"));

        assertError(alpha.tpp().post(consents, redirect(redirectUri("ok"), null), aisBody(PSU1_MAIN)), 401,
                "AccessDenied", "TOKEN_INVALID");
        assertError(alpha.tpp().get(consents + "/" + consentId + "/status"), 401, "AccessDenied", "TOKEN_INVALID");
        Map<String, String> withBeta = redirect(redirectUri("ok"), null);
        withBeta.put("Authorization", "Bearer " + betaToken);
        assertError(alpha.tpp().post(consents, withBeta, aisBody(PSU1_MAIN)), 401, "AccessDenied", "TOKEN_UNKNOWN");
        // a PIS call alike, and a token of another provider's OAuth server is not this one's
        Map<String, String> payment = PaymentJourneyTest.paymentHeaders(redirectUri("paid"), null);
        assertError(alpha.tpp().post(payments, payment, PaymentJourneyTest.paymentBody(PSU1_MAIN, "2.00",
                "E2E-PRE-STEP", null)), 401, "AccessDenied", "TOKEN_INVALID");
        payment.put("Authorization", "Bearer " + psuToken(PROVIDER, alpha, "payments"));
        assertError(alpha.tpp().post(payments, payment, PaymentJourneyTest.paymentBody(PSU1_MAIN, "2.00",
                "E2E-PRE-STEP", null)), 401, "AccessDenied", "TOKEN_UNKNOWN");
        payment.put("Authorization", "Bearer " + alphaToken);
        assertStatus(201, alpha.tpp().post(payments, payment, PaymentJourneyTest.paymentBody(PSU1_MAIN, "2.00",
                "E2E-PRE-STEP", null)));
    }

    /** A TPP with a client registered by open-banking DCR, its software statement from the sandbox directory. */
    private static Client register(String name) throws Exception {
        Tpp tpp = newTpp(name, "PSP_AI", "PSP_PI");
        String redirect = "http://localhost:" + URI.create(landing().uri("oauth", "x")).getPort() + "/oauth-cb";
        Response ssa = given().baseUri(stack.baseUrl()).contentType("application/json").body(Map.of(
                        "org_id", tpp.organizationIdentifier(), "org_name", tpp.name(),
                        "software_client_name", name + " App", "software_redirect_uris", List.of(redirect),
                        "software_roles", List.of("PSP_AI", "PSP_PI")))
                .post("/api/sandbox/v1/software-statements");
        assertStatus(200, ssa);
        Response client = given().baseUri(stack.baseUrl()).contentType("application/jwt")
                .body(RegistrationJourneyTest.registrationJwt(tpp, ssa.jsonPath().getString("software_id"),
                        ssa.jsonPath().getString("software_statement"), List.of(redirect))
                        .getBytes(StandardCharsets.US_ASCII))
                .post(RegistrationJourneyTest.OB_REGISTER);
        assertStatus(200, client);
        return new Client(tpp, client.jsonPath().getString("client_id"), client.jsonPath().getString("client_secret"),
                redirect);
    }

    private static String authorize(Client client, String scope, String verifier) throws Exception {
        return authorize(PROVIDER, client, scope, verifier);
    }

    private static String authorize(String provider, Client client, String scope, String verifier) throws Exception {
        String challenge = Base64.getUrlEncoder().withoutPadding().encodeToString(
                MessageDigest.getInstance("SHA-256").digest(verifier.getBytes(StandardCharsets.US_ASCII)));
        return stack.baseUrl() + "/" + provider + "/oauth/authorize?response_type=code&client_id=" + client.clientId()
                + "&redirect_uri=" + enc(client.redirect()) + "&scope=" + enc(scope) + "&state="
                + UUID.randomUUID() + "&code_challenge=" + challenge + "&code_challenge_method=S256";
    }

    private static Map<String, String> exchange(Client client, String code, String verifier) {
        Map<String, String> form = new LinkedHashMap<>();
        form.put("grant_type", "authorization_code");
        form.put("code", code);
        form.put("redirect_uri", client.redirect());
        form.put("code_verifier", verifier);
        return form;
    }

    private static Response token(Client client, Map<String, String> form) {
        return token(PROVIDER, client, form);
    }

    private static Response token(String provider, Client client, Map<String, String> form) {
        return given().baseUri(stack.baseUrl()).auth().preemptive().basic(client.clientId(), client.secret())
                .contentType("application/x-www-form-urlencoded").formParams(form).post("/" + provider + "/oauth/token");
    }

    /** A PSU's access token of {@code provider}'s OAuth server for {@code scope}: psu1 allows it in the browser. */
    private static String psuToken(String provider, Client client, String scope) throws Exception {
        String verifier = randomToken();
        String landed = browser().open(authorize(provider, client, scope, verifier)).logInAndAllow("psu1");
        String code = OAuthJourneyTest.query(URI.create(landed)).get("code");
        assertNotNull(code, landed);
        Response tokens = token(provider, client, exchange(client, code, verifier));
        assertStatus(200, tokens);
        return tokens.jsonPath().getString("access_token");
    }

    /** A token as the OAuth server makes them, signed with its key, that expired a minute ago. */
    private static String expiredToken(Client client, String consentId) throws Exception {
        JwtClaims claims = new JwtClaims();
        claims.setIssuer(stack.baseUrl() + OAUTH);
        claims.setAudience(stack.baseUrl() + "/" + PROVIDER);
        claims.setSubject("psu1");
        claims.setClaim("client_id", client.clientId());
        claims.setClaim("org_id", client.tpp().organizationIdentifier());
        claims.setClaim("scope", "AIS:" + consentId);
        claims.setIssuedAt(NumericDate.fromSeconds(System.currentTimeMillis() / 1000 - 360));
        claims.setExpirationTime(NumericDate.fromSeconds(System.currentTimeMillis() / 1000 - 60));
        JsonWebSignature jws = new JsonWebSignature();
        jws.setPayload(claims.toJson());
        jws.setAlgorithmHeaderValue(AlgorithmIdentifiers.RSA_USING_SHA256);
        jws.setKey(Pem.privateKey(Files.readString(stack.keys().resolve("oauth-signing.key"))));
        return jws.getCompactSerialization();
    }

    private static String transactionStatus(Tpp tpp, String payment) {
        return tpp.get(payment + "/status").jsonPath().getString("transactionStatus");
    }

    /** The consent's status at sandbox-oauth. */
    private static String status(Tpp tpp, String consentId) {
        return tpp.get(CONSENTS + "/" + consentId + "/status").jsonPath().getString("consentStatus");
    }

    private static void assertOAuthError(int status, String error, Response response) {
        assertEquals(status, response.statusCode(), response.asString());
        assertEquals(error, response.jsonPath().getString("error"), response.asString());
    }

    private static String randomToken() {
        byte[] random = new byte[32];
        new SecureRandom().nextBytes(random);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(random);
    }

    private static String enc(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
