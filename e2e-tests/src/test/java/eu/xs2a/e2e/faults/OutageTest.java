package eu.xs2a.e2e.faults;

import static eu.xs2a.e2e.faults.FaultStack.ACCOUNT_SERVICE;
import static eu.xs2a.e2e.faults.FaultStack.CONSENT_SERVICE;
import static eu.xs2a.e2e.faults.FaultStack.PAYMENT_SERVICE;
import static eu.xs2a.e2e.faults.FaultStack.REGISTRATION_SERVICE;
import static eu.xs2a.e2e.faults.FaultStack.browser;
import static eu.xs2a.e2e.faults.FaultStack.redirectUri;
import static eu.xs2a.e2e.faults.Gateway.assertStatus;
import static eu.xs2a.e2e.faults.Gateway.consent;
import static eu.xs2a.e2e.support.BerlinGroup.ACCOUNTS;
import static eu.xs2a.e2e.support.BerlinGroup.CONSENTS;
import static eu.xs2a.e2e.support.BerlinGroup.FUNDS_CONFIRMATIONS;
import static eu.xs2a.e2e.support.BerlinGroup.FUNDS_CONSENTS;
import static eu.xs2a.e2e.support.BerlinGroup.PAYMENTS;
import static eu.xs2a.e2e.support.BerlinGroup.PSU1_MAIN;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.e2e.journeys.Tpp;
import eu.xs2a.e2e.support.Eventually;
import io.restassured.response.Response;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * What a TPP sees while a dependency of the gateway is down, and after it is back (docs/ARCHITECTURE.md "What a TPP sees
 * during an outage"; each assertion here is a row of that table). The local PostgreSQL server is stopped for real
 * ({@link LocalPostgres}, and started again in a finally), the sandbox bank's process too ({@link FaultStack#stopBank}).
 * Only the TPP's answers, the services' health endpoints and the bank's own records are asserted.
 */
@Isolated
@Tag("faults")
class OutageTest {

    /** The bound: every service answers normally this long after PostgreSQL is back, without a restart. */
    private static final Duration RECOVERY = Duration.ofSeconds(10);
    /** How long kept work may take to reach the bank once it is back; a bound for a broken stack only. */
    private static final Duration CATCH_UP = Duration.ofMinutes(1);
    /** How long a service may take to see its database gone; a bound for a broken stack only. */
    private static final Duration NOTICE = Duration.ofSeconds(30);
    private static final String BG_REGISTER = "/api/berlingroup/v1/tpp/register";
    private static final String BG_TPP = "/api/berlingroup/v1/tpp";
    private static final List<String> SERVICES = List.of(REGISTRATION_SERVICE, CONSENT_SERVICE, ACCOUNT_SERVICE,
            PAYMENT_SERVICE);
    /** What a readiness body must never show: where the database is, or the driver's own words. */
    private static final List<String> DATABASE_DETAILS = List.of("5432", "localhost", "127.0.0.1", "jdbc", "postgres",
            "xs2a_");

    private static FaultStack faults;
    private static LocalPostgres postgres;
    private static Tpp tpp;
    /** A valid AIS consent whose accounts account-service has stored. */
    private static String aisConsent;
    private static String fundsConsent;
    private static String paymentId;

    /** A signed call to one service and the status it answers when nothing is down. */
    private record SignedCall(String service, String what, Supplier<Response> send, int normally) {
    }

    @BeforeAll
    static void startTheStack() {
        postgres = LocalPostgres.onPort(5432).orElse(null);
        Assumptions.assumeTrue(postgres != null, "PostgreSQL is not a local Debian cluster here: it cannot be stopped");
        faults = FaultStack.get();
        tpp = faults.newTpp("Outage Budget", "PSP_AI", "PSP_PI", "PSP_IC");
        assertStatus(200, tpp.post(BG_REGISTER, Map.of(), """
                {"company": {"name": "Outage Budget Ltd", "email": "office@outage.example", "address": "Hauptstrasse 1",
                             "phone_number": "+49 30 1234567", "zip_code": "10115", "city": "Berlin"},
                 "representative": {"name": "Olga Outage", "email": "olga@outage.example"},
                 "certificate": {"name": "outage-qseal-1", "type": "qseal"}}
                """));
        aisConsent = faults.approvedAisConsent(tpp);
        assertStatus(200, tpp.get(ACCOUNTS, consent(aisConsent))); // the first read fetches and stores the accounts
        String ok = redirectUri("ok");
        Response funds = tpp.post(FUNDS_CONSENTS, Gateway.redirect(ok, redirectUri("nok")),
                Gateway.fundsConsentBody(PSU1_MAIN));
        assertStatus(201, funds);
        assertEquals(ok, browser().approveAll(funds.jsonPath().getString("_links.scaRedirect.href"), "psu1"));
        fundsConsent = funds.jsonPath().getString("consentId");
        Response payment = initiate("OUT-" + UUID.randomUUID().toString().substring(0, 8));
        assertStatus(201, payment);
        paymentId = payment.jsonPath().getString("paymentId");
    }

    @AfterAll
    static void leavePostgresqlRunning() {
        if (postgres != null) {
            postgres.start();
        }
    }

    /**
     * PostgreSQL stops while the stack runs: each service's signed calls answer ServiceUnavailable 503 with Retry-After
     * in the standard body, readiness is DOWN (saying nothing of where the database is) and liveness UP. PostgreSQL
     * starts again: within {@link #RECOVERY} every service is ready, and the first call to each answers as usual.
     */
    @Test
    void whilePostgresqlIsDownEveryServiceAnswers503AndRecoversWithoutARestart() {
        List<SignedCall> calls = callsToEveryService();
        calls.forEach(call -> assertStatus(call.normally(), call.send().get()));
        Instant back;
        try {
            postgres.stop();
            for (String service : SERVICES) {
                Response ready = Eventually.within(NOTICE, service + " reporting its database DOWN",
                        () -> health(service, "ready"), answer -> answer.statusCode() == 503);
                assertReadinessSaysOnly(service, ready, "DOWN");
                Response live = health(service, "live");
                assertEquals(200, live.statusCode(), service + " is alive without its database: " + live.asString());
            }
            for (SignedCall call : calls) {
                assertUnavailable(call.what(), call.send().get());
            }
        } finally {
            postgres.start();
            back = Instant.now();
        }

        Instant deadline = back.plus(RECOVERY);
        for (String service : SERVICES) {
            Response ready = Eventually.within(Duration.between(Instant.now(), deadline), service + " ready again",
                    () -> health(service, "ready"), answer -> answer.statusCode() == 200);
            assertReadinessSaysOnly(service, ready, "UP");
            // the first call once the service says it is ready: no pooled connection of before the restart may fail it
            for (SignedCall call : calls) {
                if (call.service().equals(service)) {
                    assertStatus(call.normally(), call.send().get());
                }
            }
        }
        Duration recovered = Duration.between(back, Instant.now());
        System.out.printf("OutageTest: every service answered normally %d ms after PostgreSQL was back%n",
                recovered.toMillis());
        assertTrue(recovered.compareTo(RECOVERY) <= 0, "recovered after " + recovered.toMillis() + " ms");
    }

    /**
     * The bank's process stops. Consents and payments created meanwhile are kept (201: consent {@code accepted},
     * payment RCVD) and nothing reaches the bank; stored data still reads, registration is untouched, the services stay
     * ready, and what needs the bank's live answer (funds confirmation) is ServiceUnavailable 503 with Retry-After.
     * The bank starts again: each kept consent and payment reaches it by itself, exactly once.
     */
    @Test
    void whileTheBankIsDownCreationsAreKeptAndReachItOnceWhenItIsBack() {
        // a TPP of its own for what it creates, so that the bank's records of it are this test's alone
        Tpp creator = faults.newTpp("Outage Bank Creations", "PSP_AI", "PSP_PI");
        BankRecords atTheBank = faults.bankRecords();
        List<String> consents = new ArrayList<>();
        List<String> payments = new ArrayList<>();
        List<String> endToEndIds = new ArrayList<>();
        try {
            faults.stopBank();
            for (int i = 0; i < 2; i++) {
                Response created = creator.post(CONSENTS, Gateway.redirect(redirectUri("ok"), redirectUri("nok")),
                        Gateway.aisBody(PSU1_MAIN));
                assertStatus(201, created);
                consents.add(created.jsonPath().getString("consentId"));
                assertEquals("accepted", consentStatus(creator, consents.get(i)), "kept until the bank is back");

                String endToEndId = "OUT-BANK-" + UUID.randomUUID().toString().substring(0, 8);
                Response initiated = initiate(creator, endToEndId);
                assertStatus(201, initiated);
                assertEquals("RCVD", initiated.jsonPath().getString("transactionStatus"), initiated.asString());
                payments.add(initiated.jsonPath().getString("paymentId"));
                endToEndIds.add(endToEndId);
            }

            assertStatus(200, tpp.get(CONSENTS + "/" + aisConsent));
            assertStatus(200, tpp.get(ACCOUNTS, consent(aisConsent)));
            assertStatus(200, tpp.get(PAYMENTS + "/" + paymentId));
            Response status = tpp.get(PAYMENTS + "/" + paymentId + "/status");
            assertStatus(200, status);
            assertStatus(200, tpp.get(BG_TPP));
            assertUnavailable("funds confirmation", tpp.post(FUNDS_CONFIRMATIONS, consent(fundsConsent),
                    Gateway.fundsBody(PSU1_MAIN, "1.00")));
            for (String service : SERVICES) {
                assertReadinessSaysOnly(service, health(service, "ready"), "UP");
            }
            assertEquals(List.of(), atTheBank.consentIdsOfTpp(creator.organizationIdentifier()),
                    "no consent reached the bank while it was down");
            endToEndIds.forEach(id -> assertEquals(List.of(), atTheBank.paymentKeysWithEndToEndId(id)));
        } finally {
            faults.startBank();
        }

        for (String consentId : consents) {
            assertEquals("received", Eventually.within(CATCH_UP, "consent " + consentId + " reaching the bank",
                    () -> consentStatus(creator, consentId), s -> !"accepted".equals(s)));
        }
        for (int i = 0; i < payments.size(); i++) {
            String payment = payments.get(i);
            String endToEndId = endToEndIds.get(i);
            assertEquals(List.of(payment), Eventually.within(CATCH_UP, "payment " + payment + " reaching the bank",
                    () -> atTheBank.paymentKeysWithEndToEndId(endToEndId), keys -> !keys.isEmpty()),
                    "one payment at the bank, under the gateway's payment id");
            assertEquals(1, atTheBank.paymentsUnderKey(payment).size());
        }
        assertEquals(consents.size(), atTheBank.consentIdsOfTpp(creator.organizationIdentifier()).size(),
                "each consent created while the bank was down registered there once");
    }

    /** One signed call per endpoint group the outage table names for a database outage, to each service. */
    private static List<SignedCall> callsToEveryService() {
        return List.of(
                new SignedCall(REGISTRATION_SERVICE, "registration: the TPP's record", () -> tpp.get(BG_TPP), 200),
                new SignedCall(CONSENT_SERVICE, "consent create", () -> tpp.post(CONSENTS,
                        Gateway.redirect(redirectUri("ok"), redirectUri("nok")), Gateway.aisBody(PSU1_MAIN)), 201),
                new SignedCall(CONSENT_SERVICE, "consent read", () -> tpp.get(CONSENTS + "/" + aisConsent), 200),
                new SignedCall(ACCOUNT_SERVICE, "account read", () -> tpp.get(ACCOUNTS, consent(aisConsent)), 200),
                new SignedCall(PAYMENT_SERVICE, "payment create",
                        () -> initiate("OUT-DB-" + UUID.randomUUID().toString().substring(0, 8)), 201),
                new SignedCall(PAYMENT_SERVICE, "payment read", () -> tpp.get(PAYMENTS + "/" + paymentId), 200));
    }

    /** ServiceUnavailable 503 in the standard body with a Retry-After in seconds; no trace, no HTML, no 500. */
    private static void assertUnavailable(String what, Response answer) {
        String body = answer.asString();
        assertEquals(503, answer.statusCode(), what + ": " + body);
        assertTrue(String.valueOf(answer.contentType()).startsWith("application/json"), what + ": " + answer.contentType());
        assertEquals("ServiceUnavailable", answer.jsonPath().getString("error_text"), what + ": " + body);
        assertEquals("SERVICE_UNAVAILABLE", answer.jsonPath().getString("tppMessages[0].code"), what + ": " + body);
        String retryAfter = answer.header("Retry-After");
        assertTrue(retryAfter != null && retryAfter.matches("[1-9][0-9]*"), what + ": Retry-After " + retryAfter);
        assertFalse(body.contains("Exception") || body.contains("\tat ") || body.toLowerCase(Locale.ROOT).contains("<html"),
                what + ": " + body);
    }

    /** The readiness answer has the shared {@code database} check in this state, and no detail of the database. */
    private static void assertReadinessSaysOnly(String service, Response ready, String state) {
        String body = ready.asString();
        assertEquals(state, ready.jsonPath().getString("checks.find { it.name == 'database' }.status"),
                service + ": " + body);
        for (String detail : DATABASE_DETAILS) {
            assertFalse(body.toLowerCase(Locale.ROOT).contains(detail), service + "'s readiness shows " + detail + ": "
                    + body);
        }
    }

    private static Response health(String service, String probe) {
        return given().baseUri(faults.serviceUrl(service)).get("/q/health/" + probe);
    }

    private static Response initiate(String endToEndId) {
        return initiate(tpp, endToEndId);
    }

    private static Response initiate(Tpp tpp, String endToEndId) {
        return tpp.post(PAYMENTS, Gateway.redirect(redirectUri("paid"), redirectUri("nok")),
                Gateway.paymentBody(PSU1_MAIN, "1.00", endToEndId));
    }

    private static String consentStatus(Tpp tpp, String consentId) {
        return tpp.get(CONSENTS + "/" + consentId + "/status").jsonPath().getString("consentStatus");
    }
}
