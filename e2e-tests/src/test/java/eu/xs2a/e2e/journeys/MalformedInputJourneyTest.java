package eu.xs2a.e2e.journeys;

import static eu.xs2a.e2e.support.BerlinGroup.ACCOUNTS;
import static eu.xs2a.e2e.support.BerlinGroup.CONSENTS;
import static eu.xs2a.e2e.support.BerlinGroup.CREDITOR;
import static eu.xs2a.e2e.support.BerlinGroup.FUNDS_CONFIRMATIONS;
import static eu.xs2a.e2e.support.BerlinGroup.FUNDS_CONSENTS;
import static eu.xs2a.e2e.support.BerlinGroup.P;
import static eu.xs2a.e2e.support.BerlinGroup.PAYMENTS;
import static eu.xs2a.e2e.support.BerlinGroup.PSU1_MAIN;
import static eu.xs2a.e2e.support.BerlinGroup.PSU_IP;
import static eu.xs2a.e2e.support.BerlinGroup.path;
import static org.junit.jupiter.api.Assertions.assertEquals;

import eu.xs2a.e2e.support.BankDays;
import eu.xs2a.e2e.support.BerlinGroup;
import eu.xs2a.testsupport.BodyMutations;
import io.restassured.response.Response;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A TPP that sends everything wrong (docs/ARCHITECTURE.md "Error contract"): each body of the interface with every field
 * of another type, out of range or left out, bodies that are no JSON object, bad query parameters of a report and bad
 * values of the headers the gateway reads, all signed and sent through the ingress. Every answer is either the
 * operation's own or an error in the standard body that the Berlin Group file describes (ConformanceFilter): never a
 * 5xx, an empty body or another format; a value of another JSON type and a body that is no object are refused. All
 * findings are listed at once.
 */
class MalformedInputJourneyTest extends Journey {

    /** How many resources get their mutated bodies at once: three TPPs' worth of traffic on the stack. */
    private static final int MUTATING_SIDE_BY_SIDE = 3;

    private static Tpp tpp;
    private static String consentId;
    private static String accountId;
    private static String paymentId;

    @BeforeAll
    static void aTppWithAConsentAndAPayment() {
        tpp = newTpp("Careless Corp", "PSP_AI", "PSP_PI", "PSP_IC");
        consentId = approvedConsent(tpp, aisBody(PSU1_MAIN));
        accountId = accountId(tpp, consentId, PSU1_MAIN);
        Response payment = tpp.post(PAYMENTS, initiation(), sepaCreditTransfer("1.00"));
        assertStatus(201, payment);
        paymentId = payment.jsonPath().getString("paymentId");
    }

    @Test
    void everyWrongBodyGetsAnAnswerOrTheStandardError() {
        // the resources of the embedded steps of a consent, a funds consent and a signing basket
        Response embedded = bankChosenConsent(tpp, "psu1", "EMBEDDED", PSU1_MAIN);
        Map<String, String> bankChosen = Map.of("PSU-IP-Address", PSU_IP, "TPP-Redirect-Preferred", "false",
                "PSU-ID", "psu1");
        Response funds = tpp.post(FUNDS_CONSENTS, bankChosen, """
                {"account": {"iban": "%s", "currency": "EUR"}}""".formatted(PSU1_MAIN));
        assertStatus(201, funds);
        Response member = tpp.post(CONSENTS, redirect(redirectUri("basket"), null), aisBody(PSU1_MAIN));
        assertStatus(201, member);
        Response basket = tpp.post(P + "/v1/signing-baskets", bankChosen, "{\"consentIds\": [\""
                + member.jsonPath().getString("consentId") + "\"]}");
        assertStatus(201, basket);

        List<String> findings = Collections.synchronizedList(new ArrayList<>());
        Map<String, String> redirectHeaders = redirect(redirectUri("ok"), null);
        redirectHeaders.put("PSU-ID", "psu1");
        Map<String, String> redirect = Map.copyOf(redirectHeaders); // read by two threads
        sideBySide(List.of(
                () -> send(findings, "POST", P + "/v1/periodic-payments/sepa-credit-transfers", initiation(), """
                        {"instructedAmount": {"currency": "EUR", "amount": "3.00"}, "debtorAccount": {"iban": "%s"},
                         "creditorAccount": {"iban": "%s"}, "creditorName": "Landlord", "startDate": "%s",
                         "frequency": "Monthly", "executionRule": "following", "dayOfExecution": "1"}"""
                        .formatted(PSU1_MAIN, CREDITOR, BankDays.today(BerlinGroup.PROVIDER).plusDays(40))),
                () -> send(findings, "POST", P + "/v1/bulk-payments/sepa-credit-transfers", initiation(), """
                        {"batchBookingPreferred": false, "debtorAccount": {"iban": "%s"}, "payments": [
                         {"instructedAmount": {"currency": "EUR", "amount": "4.00"}, "creditorAccount": {"iban": "%s"},
                          "creditorName": "Merchant", "endToEndIdentification": "E2E-1"}]}"""
                        .formatted(PSU1_MAIN, CREDITOR)),
                () -> send(findings, "POST", PAYMENTS, initiation(), sepaCreditTransfer("2.00")),
                () -> send(findings, "POST", FUNDS_CONSENTS, redirect, """
                        {"account": {"iban": "%s", "currency": "EUR"}, "cardNumber": "1234", "cardExpiryDate": "%s",
                         "cardInformation": "card", "registrationInformation": "shop"}""".formatted(PSU1_MAIN,
                        BankDays.today(BerlinGroup.PROVIDER).plusYears(1))),
                () -> send(findings, "POST", CONSENTS, redirect, aisBody(PSU1_MAIN)),
                () -> send(findings, "POST", P + "/v1/signing-baskets", Map.of("PSU-IP-Address", PSU_IP,
                        "PSU-ID", "psu1", "TPP-Redirect-URI", redirectUri("ok")),
                        "{\"paymentIds\": [\"" + paymentId + "\"]}"),
                () -> send(findings, "POST", FUNDS_CONFIRMATIONS, Map.of(), """
                        {"account": {"iban": "%s"}, "instructedAmount": {"currency": "EUR", "amount": "5.00"}}"""
                        .formatted(PSU1_MAIN)),
                // the refresh's one field: a wrong one is refused whether or not a refresh runs (which a 406 says)
                () -> send(findings, "POST", ACCOUNTS + "/refresh", consent(consentId),
                        "{\"initiatedByCustomer\": false}"),
                () -> send(findings, "PUT", path(embedded.jsonPath().getString("_links.scaStatus.href")),
                        Map.of("PSU-ID", "psu1"), password("sandbox")),
                () -> send(findings, "PUT", path(funds.jsonPath().getString("_links.scaStatus.href")),
                        Map.of("PSU-ID", "psu1"), otp("123456")),
                () -> send(findings, "PUT", path(basket.jsonPath().getString("_links.scaStatus.href")),
                        Map.of("PSU-ID", "psu1"), "{\"authenticationMethodId\": \"sms\"}"),
                () -> send(findings, "POST", PAYMENTS + "/" + paymentId + "/authorisations", Map.of("PSU-ID", "psu1"),
                        password("sandbox"))));
        assertEquals(List.of(), List.copyOf(findings));
    }

    @Test
    void everyWrongQueryOfAReportGetsTheStandardError() {
        List<String> findings = new ArrayList<>();
        String transactions = ACCOUNTS + "/" + accountId + "/transactions";
        for (String query : List.of("", "bookingStatus=sometimes", "bookingStatus=booked&dateFrom=2026-13-01",
                "bookingStatus=booked&dateFrom=yesterday", "bookingStatus=booked&dateFrom=2026-01-10&dateTo=2026-01-01",
                "bookingStatus=booked&size=-1", "bookingStatus=booked&size=0", "bookingStatus=booked&size=ten",
                "bookingStatus=booked&size=99999999999999999999", "bookingStatus=booked&page=-5",
                "bookingStatus=booked&deltaList=maybe", "bookingStatus=booked&withBalance=yes",
                "bookingStatus=booked&bookingStatus=pending", "bookingStatus=booked&dateFrom=0000-01-01",
                "bookingStatus=booked&entryReferenceFrom=" + "r".repeat(3_000))) {
            String target = query.isEmpty() ? transactions : transactions + "?" + query;
            check(findings, "GET " + target, tpp.get(target, consent(consentId)), true);
        }
        assertEquals(List.of(), findings);
    }

    @Test
    void everyWrongHeaderValueGetsTheStandardError() {
        List<String> findings = new ArrayList<>();
        Map<String, String> wrong = new LinkedHashMap<>();
        wrong.put("PSU-IP-Address", "::1::");
        wrong.put("TPP-Redirect-URI", "javascript:alert(1)");
        wrong.put("TPP-Nok-Redirect-URI", "not a uri");
        wrong.put("TPP-Redirect-Preferred", "maybe");
        wrong.put("TPP-Explicit-Authorisation-Preferred", "2");
        wrong.put("TPP-Notification-URI", "ftp://files.example");
        wrong.put("PSU-ID", "p".repeat(51));
        wrong.put("PSU-Geo-Location", "GEO:52.5;13.1");
        wrong.put("PSU-Device-ID", "device-1");
        wrong.put("PSU-IP-Port", "65536");
        wrong.put("PSU-Http-Method", "CONNECT");
        wrong.put("PSU-User-Agent", "u".repeat(600));
        wrong.forEach((header, value) -> {
            Map<String, String> headers = initiation();
            headers.put(header, value);
            check(findings, "POST " + PAYMENTS + " " + header + ": " + value,
                    tpp.post(PAYMENTS, headers, sepaCreditTransfer("6.00")), true);
        });
        // the PSU's context is checked wherever it is sent, also where nothing goes to the bank
        check(findings, "GET " + ACCOUNTS + " PSU-Geo-Location: GEO:52.5;13.1", tpp.get(ACCOUNTS,
                Map.of("Consent-ID", consentId, "PSU-IP-Address", PSU_IP, "PSU-Geo-Location", "GEO:52.5;13.1")), true);
        for (String consent : List.of("", "x".repeat(200), "../" + consentId)) {
            check(findings, "GET " + ACCOUNTS + " Consent-ID: " + consent,
                    tpp.get(ACCOUNTS, Map.of("Consent-ID", consent, "PSU-IP-Address", PSU_IP)), true);
        }
        assertEquals(List.of(), findings);
    }

    /**
     * Runs the bodies' mutations {@link #MUTATING_SIDE_BY_SIDE} resources at a time, each resource's one after
     * another: about a thousand signed requests, which one after another kept the journeys' lane busy for minutes.
     */
    private static void sideBySide(List<Runnable> resources) {
        ExecutorService pool = Executors.newFixedThreadPool(MUTATING_SIDE_BY_SIDE);
        try {
            List<Future<?>> running = resources.stream().<Future<?>>map(pool::submit).toList();
            for (Future<?> resource : running) {
                resource.get();
            }
        } catch (ExecutionException e) {
            throw new AssertionError("a resource's mutations stopped: " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * Each wrong version of {@code valid}, signed and sent; what is not an answer of the interface, or a wrong type
     * taken, is a finding.
     */
    private static void send(List<String> findings, String method, String path, Map<String, String> headers,
                             String valid) {
        for (BodyMutations.Mutation mutation : BodyMutations.of(valid)) {
            String request = method + " " + path + " " + mutation.label();
            try {
                check(findings, request, tpp.send(method, path, headers, mutation.body()), mutation.refused());
            } catch (AssertionError nonConformant) {
                findings.add(request + ": " + nonConformant.getMessage());
            }
        }
    }

    /** Never a 5xx; an error in the standard body; {@code mustFail}: an error at all (4xx). */
    private static void check(List<String> findings, String request, Response answer, boolean mustFail) {
        String problem = BodyMutations.problem(answer, mustFail);
        if (problem != null) {
            findings.add(request + ": " + problem);
        }
    }

    private static Map<String, String> initiation() {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("PSU-IP-Address", PSU_IP);
        headers.put("PSU-ID", "psu1");
        headers.put("TPP-Redirect-URI", redirectUri("ok"));
        return headers;
    }

    private static String sepaCreditTransfer(String amount) {
        return """
                {"instructedAmount": {"currency": "EUR", "amount": "%s"}, "debtorAccount": {"iban": "%s"},
                 "creditorAccount": {"iban": "%s"}, "creditorName": "Merchant", "remittanceInformationUnstructured": "x"}
                """.formatted(amount, PSU1_MAIN, CREDITOR);
    }
}
