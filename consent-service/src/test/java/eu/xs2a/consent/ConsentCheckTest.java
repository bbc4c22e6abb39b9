package eu.xs2a.consent;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import eu.xs2a.consent.api.VerifiedServiceTokens;
import eu.xs2a.consent.support.ConsentTestBase;
import eu.xs2a.consent.support.Lookup;
import eu.xs2a.consent.support.Psu;
import eu.xs2a.consent.support.ServiceTokenKeys;
import eu.xs2a.consent.support.Signed;
import eu.xs2a.consent.support.Tpps;
import io.quarkus.arc.ClientProxy;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.smallrye.jwt.auth.principal.JWTParser;
import jakarta.inject.Inject;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** The consent lookup of account-service: service token, every answer class, and atomic per-day counting. */
@QuarkusTest
class ConsentCheckTest extends ConsentTestBase {

    /** The BBANs inside psu1's IBANs (ISO 13616: all after country code and check digits). */
    private static final String PSU1_MAIN_BBAN = Psu.PSU1_MAIN.substring(4);
    private static final String PSU1_SAVINGS_BBAN = Psu.PSU1_SAVINGS.substring(4);

    @TestHTTPResource(Lookup.PATH)
    URL checkUrl;

    @Inject JWTParser tokenParser;

    @Test
    void serviceTokensAreCheckedByTheCachingParser() {
        assertEquals(VerifiedServiceTokens.class, ClientProxy.unwrap(tokenParser).getClass());
    }

    /** A consent for psu1's main account (all three access kinds), approved by the PSU at the bank. */
    private static String validConsent(int frequencyPerDay) {
        Response created = createAis(Tpps.ALPHA, Signed.aisBody(null, frequencyPerDay, true, Psu.PSU1_MAIN));
        assertEquals(302, Psu.approve(created.jsonPath().getString("_links.scaRedirect.href")).statusCode());
        return created.jsonPath().getString("consentId");
    }

    @Test
    void withoutAValidServiceTokenTheAnswerIs401InTheStandardBody() {
        String body = Lookup.body(Tpps.ALPHA.tppId(), "whatever", "AIS", "accounts", null, false);
        assertError(given().contentType("application/json").body(body).post(Lookup.PATH), 401, "AccessDenied", "TOKEN_INVALID");
        List<String> wrongTokens = List.of(
                "garbage",
                ServiceTokenKeys.token("xs2a-gateway", "payment-service", Instant.now().plusSeconds(300), ServiceTokenKeys.privateKey()),
                ServiceTokenKeys.token("someone-else", "consent-service", Instant.now().plusSeconds(300), ServiceTokenKeys.privateKey()),
                ServiceTokenKeys.token("xs2a-gateway", "consent-service", Instant.now().minusSeconds(600), ServiceTokenKeys.privateKey()),
                ServiceTokenKeys.token("xs2a-gateway", "consent-service", Instant.now().plusSeconds(300), ServiceTokenKeys.foreignKey()));
        for (String token : wrongTokens) {
            Response response = given().header("Authorization", "Bearer " + token).contentType("application/json")
                    .body(body).post(Lookup.PATH);
            assertError(response, 401, "AccessDenied", "TOKEN_INVALID");
        }
        // a TPP's eIDAS signature is no way in either
        Response signed = Signed.post(Tpps.ALPHA, Lookup.PATH, java.util.Map.of(), body);
        assertEquals(401, signed.statusCode(), signed.asString());
    }

    @Test
    void unknownForeignAndNotYetValidConsents() {
        String received = createAis(Tpps.ALPHA).jsonPath().getString("consentId");
        Response none = Lookup.check(Lookup.body(Tpps.ALPHA.tppId(), "nope", "AIS", "accounts", null, false));
        assertError(none, 401, "ConsentUnknown", "CONSENT_UNKNOWN");
        Response foreign = Lookup.check(Lookup.body(Tpps.BETA.tppId(), received, "AIS", "accounts", null, false));
        assertError(foreign, 401, "ConsentUnknown", "CONSENT_UNKNOWN");
        assertEquals(none.asString().replace("nope", received), foreign.asString());
        Response otherProvider = Lookup.check(Lookup.body(Tpps.ALPHA.tppId(), received, "AIS", "accounts", null, false)
                .replace("\"sandbox\"", "\"sandbox2\""));
        assertError(otherProvider, 401, "ConsentUnknown", "CONSENT_UNKNOWN");
        assertError(Lookup.check(Lookup.body(Tpps.ALPHA.tppId(), received, "AIS", "accounts", null, false)), 401,
                "ConsentInvalid", "CONSENT_INVALID");
    }

    @Test
    void aValidConsentAnswersItsContentAndCoversOnlyWhatItNames() {
        String id = validConsent(4);
        Response ok = Lookup.check(Lookup.body(Tpps.ALPHA.tppId(), id, "AIS", "balances", Psu.PSU1_MAIN, true));
        assertEquals(200, ok.statusCode(), ok.asString());
        assertEquals(id, ok.jsonPath().getString("consentId"));
        assertEquals("valid", ok.jsonPath().getString("consentStatus"));
        assertNotNull(ok.jsonPath().getString("aspspConsentId"));
        assertNotNull(ok.jsonPath().getString("validUntil"));
        assertEquals(Psu.PSU1_MAIN, ok.jsonPath().getString("access.balances[0].iban"));
        assertEquals(true, ok.jsonPath().getBoolean("recurringIndicator"));
        assertEquals(4, ok.jsonPath().getInt("frequencyPerDay"));
        assertEquals(4, ok.jsonPath().getInt("remainingToday"), "a PSU-present call is not counted");

        Response otherAccount = Lookup.check(Lookup.body(Tpps.ALPHA.tppId(), id, "AIS", "balances", Psu.PSU1_SAVINGS, false));
        assertError(otherAccount, 401, "ConsentInvalid", "CONSENT_INVALID");
        assertEquals("Consent '" + id + "' does not cover the balances of this account",
                otherAccount.jsonPath().getString("error_message"));
        Response otherPurpose = Lookup.check(Lookup.body(Tpps.ALPHA.tppId(), id, "PIIS", "funds", Psu.PSU1_MAIN, false));
        assertError(otherPurpose, 401, "ConsentInvalid", "CONSENT_INVALID");
        assertEquals("Consent '" + id + "' is not a confirmation-of-funds (PIIS) consent",
                otherPurpose.jsonPath().getString("error_message"));
        assertEquals(200, Lookup.check(Lookup.body(Tpps.ALPHA.tppId(), id, "AIS", "accounts", null, false)).statusCode());
        assertEquals(200, Lookup.check(Lookup.body(Tpps.ALPHA.tppId(), id, "AIS", "account", Psu.PSU1_MAIN, false)).statusCode());
    }

    /**
     * A question naming the account by several identifiers is covered only when each agrees with the consent's
     * account (the BBAN inside its IBAN included): the consented IBAN beside another account's BBAN is not covered.
     */
    @Test
    void anAccountNamedBySeveralIdentifiersIsCoveredOnlyWhenAllAgree() {
        String id = validConsent(4);
        String balances = Lookup.body(Tpps.ALPHA.tppId(), id, "AIS", "balances", Psu.PSU1_MAIN, true);
        Response agreeing = Lookup.check(balances.replace("\"account\":{",
                "\"account\":{\"bban\":\"" + PSU1_MAIN_BBAN + "\",\"msisdn\":\"+491701234567\","));
        assertEquals(200, agreeing.statusCode(), agreeing.asString());
        Response conflicting = Lookup.check(balances.replace("\"account\":{",
                "\"account\":{\"bban\":\"" + PSU1_SAVINGS_BBAN + "\","));
        assertError(conflicting, 401, "ConsentInvalid", "CONSENT_INVALID");
        assertEquals("Consent '" + id + "' does not cover the balances of this account",
                conflicting.jsonPath().getString("error_message"));
        // the same for every resource naming an account
        assertError(Lookup.check(Lookup.body(Tpps.ALPHA.tppId(), id, "AIS", "account", Psu.PSU1_MAIN, true)
                        .replace("\"account\":{", "\"account\":{\"bban\":\"" + PSU1_SAVINGS_BBAN + "\",")),
                401, "ConsentInvalid", "CONSENT_INVALID");
    }

    @Test
    void malformedQuestionsAreFormatErrors() {
        assertError(Lookup.check("{"), 400, "FormatError", "FORMAT_ERROR");
        assertError(Lookup.check(Lookup.body(Tpps.ALPHA.tppId(), "x", "AIS", "balances", null, false)), 400,
                "FormatError", "FORMAT_ERROR");
        assertError(Lookup.check(Lookup.body(Tpps.ALPHA.tppId(), "x", "AIS", "payments", null, false)), 400,
                "FormatError", "FORMAT_ERROR");
        assertError(Lookup.check(Lookup.body(Tpps.ALPHA.tppId(), "x", "XYZ", "accounts", null, false)), 400,
                "FormatError", "FORMAT_ERROR");
        assertError(Lookup.check(Lookup.body(Tpps.ALPHA.tppId(), "x", "AIS", "accounts", null, false)
                .replace(",\"psuPresent\":false", "")), 400, "FormatError", "FORMAT_ERROR");
        assertError(Lookup.check(Lookup.body(Tpps.ALPHA.tppId(), "x", "AIS", "balances", "DE00100200300100000011", false)),
                400, "FormatError", "FORMAT_ERROR");
    }

    @Test
    void unattendedAccessesAreCountedPerResourceAndDay() {
        String id = validConsent(2);
        String balances = Lookup.body(Tpps.ALPHA.tppId(), id, "AIS", "balances", Psu.PSU1_MAIN, false);
        assertEquals(1, Lookup.check(balances).jsonPath().getInt("remainingToday"));
        // the same account written differently is the same resource
        String spaced = balances.replace(Psu.PSU1_MAIN, "de49 1002 0030 0100 0000 11");
        assertEquals(0, Lookup.check(spaced).jsonPath().getInt("remainingToday"));
        assertError(Lookup.check(balances), 429, "AccessExceeded", "ACCESS_EXCEEDED");
        // a PSU-present call is neither counted nor refused
        Response present = Lookup.check(balances.replace("\"psuPresent\":false", "\"psuPresent\":true"));
        assertEquals(200, present.statusCode(), present.asString());
        assertEquals(0, present.jsonPath().getInt("remainingToday"));
        // another resource has its own count
        assertEquals(1, Lookup.check(Lookup.body(Tpps.ALPHA.tppId(), id, "AIS", "transactions", Psu.PSU1_MAIN, false))
                .jsonPath().getInt("remainingToday"));
        // and so do the list of accounts and the list of card accounts
        assertEquals(1, Lookup.check(Lookup.body(Tpps.ALPHA.tppId(), id, "AIS", "accounts", null, false))
                .jsonPath().getInt("remainingToday"));
        assertEquals(1, Lookup.check(Lookup.body(Tpps.ALPHA.tppId(), id, "AIS", "card-accounts", null, false))
                .jsonPath().getInt("remainingToday"));
    }

    @Test
    void parallelUnattendedChecksWithOneAccessLeftGiveExactlyOneSuccess() throws Exception {
        String id = validConsent(3);
        String body = Lookup.body(Tpps.ALPHA.tppId(), id, "AIS", "transactions", Psu.PSU1_MAIN, false);
        assertEquals(200, Lookup.check(body).statusCode());
        assertEquals(200, Lookup.check(body).statusCode());

        int parallel = 12;
        HttpClient client = HttpClient.newHttpClient();
        String token = ServiceTokenKeys.token();
        HttpRequest request = HttpRequest.newBuilder(URI.create(checkUrl.toString()))
                .header("Authorization", "Bearer " + token).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build();
        ExecutorService pool = Executors.newFixedThreadPool(parallel);
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<Future<HttpResponse<String>>> answers = new ArrayList<>();
            for (int i = 0; i < parallel; i++) {
                answers.add(pool.submit(() -> {
                    start.await();
                    return client.send(request, HttpResponse.BodyHandlers.ofString());
                }));
            }
            start.countDown();
            int ok = 0;
            int exceeded = 0;
            for (Future<HttpResponse<String>> answer : answers) {
                int status = answer.get().statusCode();
                if (status == 200) {
                    ok++;
                } else if (status == 429) {
                    exceeded++;
                    assertFalse(answer.get().body().isEmpty());
                }
            }
            assertEquals(1, ok, "exactly one of the parallel checks gets the last access");
            assertEquals(parallel - 1, exceeded);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aFundsConsentCoversFundsOfItsAccountOnly() {
        Response created = Signed.post(Tpps.ALPHA, Signed.FUNDS, Signed.redirectHeaders(),
                "{\"account\":{\"iban\":\"" + Psu.PSU1_MAIN + "\",\"currency\":\"EUR\"}}");
        assertEquals(201, created.statusCode(), created.asString());
        assertEquals(302, Psu.approve(created.jsonPath().getString("_links.scaRedirect.href")).statusCode());
        String id = created.jsonPath().getString("consentId");

        Response ok = Lookup.check(Lookup.body(Tpps.ALPHA.tppId(), id, "PIIS", "funds", Psu.PSU1_MAIN, false));
        assertEquals(200, ok.statusCode(), ok.asString());
        // a funds-confirmation request may name the account with several fields (iban and bban, bic)
        Response several = Lookup.check(Lookup.body(Tpps.ALPHA.tppId(), id, "PIIS", "funds", Psu.PSU1_MAIN, false)
                .replace("\"account\":{", "\"account\":{\"bban\":\"100200300100000011\",\"bic\":\"SANDDEXXXXX\","));
        assertEquals(200, several.statusCode(), several.asString());
        // one identifier of the consented account beside another account's is no account of the consent
        Response conflicting = Lookup.check(Lookup.body(Tpps.ALPHA.tppId(), id, "PIIS", "funds", Psu.PSU1_MAIN, false)
                .replace("\"account\":{", "\"account\":{\"bban\":\"" + PSU1_SAVINGS_BBAN + "\","));
        assertError(conflicting, 401, "ConsentInvalid", "CONSENT_INVALID");
        assertEquals("Consent '" + id + "' does not cover funds confirmations for this account",
                conflicting.jsonPath().getString("error_message"));
        assertEquals(Psu.PSU1_MAIN, ok.jsonPath().getString("account.iban"));
        assertEquals("valid", ok.jsonPath().getString("consentStatus"));
        assertError(Lookup.check(Lookup.body(Tpps.ALPHA.tppId(), id, "PIIS", "funds", Psu.PSU1_SAVINGS, false)), 401,
                "ConsentInvalid", "CONSENT_INVALID");
        assertError(Lookup.check(Lookup.body(Tpps.ALPHA.tppId(), id, "AIS", "accounts", null, false)), 401,
                "ConsentInvalid", "CONSENT_INVALID");
    }
}
