package eu.xs2a.account;

import static eu.xs2a.account.support.Calls.P;
import static eu.xs2a.account.support.Calls.error;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.account.support.Calls;
import eu.xs2a.account.support.Flows;
import eu.xs2a.account.support.NeighboursResource;
import eu.xs2a.account.support.Tpps;
import eu.xs2a.testsupport.BankDates;
import eu.xs2a.testsupport.TestPkiResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Card accounts (/v1/card-accounts) against the real sandbox bank (psu1's credit card) and consent-service. */
@QuarkusTest
@QuarkusTestResource(value = TestPkiResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = NeighboursResource.class, restrictToAnnotatedClass = true)
class CardAccountReadsTest {

    static final String MASKED_PAN = "525412******3241";
    static final String FROM = BankDates.today().minusDays(400).toString();

    private static String cardId(String consent) {
        return Calls.getWithPsu(Tpps.ALPHA, P + "/card-accounts", consent).then().statusCode(200).extract()
                .path("cardAccounts[0].resourceId");
    }

    @Test
    void aGlobalConsentListsTheCardAccountApartFromThePaymentAccounts() {
        String consent = AccountReadsTest.allAccountsConsent(Tpps.ALPHA, "sandbox", "psu1");
        JsonPath list = Calls.getWithPsu(Tpps.ALPHA, P + "/card-accounts?withBalance=true", consent).then()
                .statusCode(200)
                .body("cardAccounts", hasSize(1))
                .body("cardAccounts[0].maskedPan", equalTo(MASKED_PAN))
                .body("cardAccounts[0].currency", equalTo("EUR"))
                .body("cardAccounts[0].creditLimit.amount", equalTo("3000.00"))
                .body("cardAccounts[0].iban", nullValue())
                .body("cardAccounts[0].balances", hasSize(4))
                .extract().jsonPath();
        String id = list.getString("cardAccounts[0].resourceId");
        assertEquals(P + "/card-accounts/" + id + "/transactions",
                list.getString("cardAccounts[0]._links.transactions.href"));
        Calls.getWithPsu(Tpps.ALPHA, P + "/accounts", consent).then().statusCode(200).body("accounts", hasSize(3));
        Calls.getWithPsu(Tpps.ALPHA, P + "/card-accounts/" + id, consent).then().statusCode(200)
                .body("cardAccount.resourceId", equalTo(id)).body("cardAccount.maskedPan", equalTo(MASKED_PAN))
                .body("cardAccount.product", notNullValue());
        // each kind only under its own path, as unknown as any other id elsewhere
        error(Calls.getWithPsu(Tpps.ALPHA, P + "/accounts/" + id + "/balances", consent), 404, "ResourceUnknown");
        String paymentAccount = AccountReadsTest.accountId(Tpps.ALPHA, consent, AccountReadsTest.mainIban(Tpps.ALPHA,
                consent));
        error(Calls.getWithPsu(Tpps.ALPHA, P + "/card-accounts/" + paymentAccount, consent), 404, "ResourceUnknown");
        error(Calls.getWithPsu(Tpps.ALPHA, P + "/card-accounts/no-such-card/balances", consent), 404,
                "ResourceUnknown");
    }

    @Test
    void cardBalancesHaveEveryTypeTheBankHasWithTheCreditLimitFlag() {
        String consent = AccountReadsTest.allAccountsConsent(Tpps.ALPHA, "sandbox", "psu1");
        JsonPath body = Calls.getWithPsu(Tpps.ALPHA, P + "/card-accounts/" + cardId(consent) + "/balances", consent)
                .then().statusCode(200)
                .body("cardAccount.maskedPan", equalTo(MASKED_PAN))
                .extract().jsonPath();
        Map<String, Map<String, Object>> byType = body.<Map<String, Object>>getList("balances").stream()
                .collect(Collectors.toMap(b -> (String) b.get("balanceType"), b -> b));
        assertEquals(List.of("closingBooked", "expected", "interimAvailable", "nonInvoiced"),
                byType.keySet().stream().sorted().toList());
        assertEquals(true, byType.get("interimAvailable").get("creditLimitIncluded"));
        assertEquals(false, byType.get("expected").get("creditLimitIncluded"));
        assertEquals(new BigDecimal("3000.00").add(amount(byType.get("expected"), "balanceAmount")),
                amount(byType.get("interimAvailable"), "balanceAmount"));
        assertTrue(byType.values().stream().allMatch(b -> b.get("lastChangeDateTime") != null));
    }

    @Test
    void cardTransactionsAreReportedWithTheirCardFieldsAndPaged() {
        String consent = AccountReadsTest.allAccountsConsent(Tpps.ALPHA, "sandbox", "psu1");
        String id = cardId(consent);
        String path = P + "/card-accounts/" + id + "/transactions?bookingStatus=both&dateFrom=" + FROM;
        JsonPath report = Calls.getWithPsu(Tpps.ALPHA, path, consent).then().statusCode(200)
                .body("cardAccount.maskedPan", equalTo(MASKED_PAN))
                .body("cardTransactions.pending", hasSize(2))
                .body("cardTransactions._links.cardAccount.href", equalTo(P + "/card-accounts/" + id))
                .extract().jsonPath();
        List<Map<String, Object>> booked = report.getList("cardTransactions.booked");
        assertTrue(booked.size() >= 40, booked.size() + " booked");
        Map<String, Object> purchase = booked.stream().filter(t -> t.containsKey("merchantCategoryCode"))
                .findFirst().orElseThrow();
        for (String field : List.of("cardTransactionId", "transactionDate", "bookingDate", "transactionAmount",
                "cardAcceptorId", "cardAcceptorAddress", "maskedPAN", "transactionDetails", "invoiced")) {
            assertTrue(purchase.containsKey(field), "missing " + field + " in " + purchase);
        }
        assertFalse(purchase.containsKey("entryReference"), "not a cardTransaction field");

        // pages of 10 cover the same transactions once each
        int total = booked.size() + 2;
        java.util.Set<Object> seen = new java.util.HashSet<>();
        for (int page = 0; page * 10 < total; page++) {
            JsonPath one = Calls.getWithPsu(Tpps.ALPHA, path + "&size=10&page=" + page, consent).then()
                    .statusCode(200).extract().jsonPath();
            one.getList("cardTransactions.booked.cardTransactionId").forEach(t -> assertTrue(seen.add(t), "twice " + t));
            one.getList("cardTransactions.pending.cardTransactionId").forEach(t -> assertTrue(seen.add(t), "twice " + t));
        }
        assertEquals(total, seen.size());

        // only pending ones asked: booked is there (the standard requires it), empty
        Calls.getWithPsu(Tpps.ALPHA, P + "/card-accounts/" + id + "/transactions?bookingStatus=pending&dateFrom="
                + FROM, consent).then().statusCode(200)
                .body("cardTransactions.booked", hasSize(0)).body("cardTransactions.pending", hasSize(2));
    }

    @Test
    void aConsentNamingTheMaskedPanCoversWhatItNamesAndNothingElse() {
        String consent = Flows.get().validAisConsent(Tpps.ALPHA, "sandbox", "psu1",
                "{\"accounts\": [{\"maskedPan\": \"" + MASKED_PAN + "\"}],"
                        + " \"balances\": [{\"maskedPan\": \"" + MASKED_PAN + "\"}]}", 4);
        JsonPath list = Calls.getWithPsu(Tpps.ALPHA, P + "/card-accounts", consent).then().statusCode(200)
                .body("cardAccounts", hasSize(1)).extract().jsonPath();
        String id = list.getString("cardAccounts[0].resourceId");
        assertEquals(null, list.getString("cardAccounts[0]._links.transactions"));
        Calls.getWithPsu(Tpps.ALPHA, P + "/accounts", consent).then().statusCode(200).body("accounts", hasSize(0));
        Calls.getWithPsu(Tpps.ALPHA, P + "/card-accounts/" + id + "/balances", consent).then().statusCode(200);
        error(Calls.getWithPsu(Tpps.ALPHA, P + "/card-accounts/" + id + "/transactions?bookingStatus=booked&dateFrom="
                + FROM, consent), 401, "ConsentInvalid");
    }

    @Test
    void badQueriesAreFormatErrors() {
        String consent = AccountReadsTest.allAccountsConsent(Tpps.ALPHA, "sandbox", "psu1");
        String base = P + "/card-accounts/" + cardId(consent) + "/transactions";
        error(Calls.getWithPsu(Tpps.ALPHA, base + "?dateFrom=" + FROM, consent), 400, "FormatError");
        error(Calls.getWithPsu(Tpps.ALPHA, base + "?bookingStatus=booked&dateFrom=yesterday", consent), 400,
                "FormatError");
        error(Calls.getWithPsu(Tpps.ALPHA, base + "?bookingStatus=booked&dateFrom=" + FROM + "&size=0", consent),
                400, "FormatError");
        error(Calls.getWithPsu(Tpps.ALPHA, P + "/card-accounts?withBalance=yes", consent), 400, "FormatError");
    }

    /** The list of card accounts counts unattended reads on its own, beside the list of payment accounts. */
    @Test
    void unattendedReadsOfTheCardListAreCountedOnTheirOwn() {
        String consent = Flows.get().validAisConsent(Tpps.ALPHA, "sandbox", "psu1",
                AccountReadsTest.ALL_ACCOUNTS, 1);
        Calls.get(Tpps.ALPHA, P + "/card-accounts", consent).then().statusCode(200);
        error(Calls.get(Tpps.ALPHA, P + "/card-accounts", consent), 429, "AccessExceeded");
        Calls.get(Tpps.ALPHA, P + "/accounts", consent).then().statusCode(200);
        Calls.getWithPsu(Tpps.ALPHA, P + "/card-accounts", consent).then().statusCode(200);
    }

    @SuppressWarnings("unchecked")
    private static BigDecimal amount(Map<String, Object> holder, String field) {
        return new BigDecimal((String) ((Map<String, Object>) holder.get(field)).get("amount"));
    }
}
