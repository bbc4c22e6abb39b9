package eu.xs2a.sandbox;

import static eu.xs2a.sandbox.Bank.api;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** psu1's credit card account through the bank API's /card-accounts (BANK-API.md "Card accounts"). */
@QuarkusTest
class CardAccountApiTest {

    static final String MASKED_PAN = "525412******3241";

    private static Map<String, Object> card() {
        return Map.of("maskedPan", MASKED_PAN);
    }

    @Test
    void anAllPsd2ConsentListsTheCardAccountApartFromThePaymentAccounts() {
        String consent = Bank.validConsent(Bank.allPsd2(), "psu1");
        api().get("/bank/v1/consents/" + consent + "/card-accounts").then().statusCode(200)
                .body("cardAccounts", hasSize(1))
                .body("cardAccounts[0].bankAccountId", equalTo("psu1-card"))
                .body("cardAccounts[0].maskedPan", equalTo(MASKED_PAN))
                .body("cardAccounts[0].currency", equalTo("EUR"))
                .body("cardAccounts[0].creditLimit.amount", equalTo("3000.00"))
                .body("cardAccounts[0].access.balances", equalTo(true))
                .body("cardAccounts[0].access.transactions", equalTo(true));
        api().get("/bank/v1/consents/" + consent + "/accounts").then().statusCode(200)
                .body("accounts", hasSize(3)).body("accounts.bankAccountId", org.hamcrest.Matchers.not(hasItem("psu1-card")));
        api().get("/bank/v1/consents/" + consent).then().statusCode(200)
                .body("access.accounts.maskedPan", hasItem(MASKED_PAN));
        // each kind only under its own path
        api().get("/bank/v1/consents/" + consent + "/accounts/psu1-card/balances").then().statusCode(404)
                .body("code", equalTo("ACCOUNT_UNKNOWN"));
        api().get("/bank/v1/consents/" + consent + "/card-accounts/psu1-main/transactions").then().statusCode(404)
                .body("code", equalTo("ACCOUNT_UNKNOWN"));
    }

    @Test
    void cardBalancesAddUpAndSayWhetherTheCreditLimitIsIncluded() {
        String consent = Bank.validConsent(Bank.allPsd2(), "psu1");
        List<Map<String, Object>> balances = api().get("/bank/v1/consents/" + consent
                + "/card-accounts/psu1-card/balances").then().statusCode(200).extract().path("balances");
        Map<String, Map<String, Object>> byType = balances.stream()
                .collect(Collectors.toMap(b -> (String) b.get("balanceType"), b -> b));
        assertEquals(List.of("closingBooked", "expected", "interimAvailable", "nonInvoiced"),
                byType.keySet().stream().sorted().toList());
        BigDecimal expected = amount(byType.get("expected"));
        assertEquals(new BigDecimal("3000.00").add(expected), amount(byType.get("interimAvailable")));
        assertEquals(true, byType.get("interimAvailable").get("creditLimitIncluded"));
        assertEquals(false, byType.get("expected").get("creditLimitIncluded"));

        JsonPath all = api().get("/bank/v1/consents/" + consent + "/card-accounts/psu1-card/transactions")
                .then().statusCode(200).extract().jsonPath();
        List<Map<String, Object>> txs = all.getList("transactions");
        BigDecimal notInvoiced = txs.stream().filter(t -> "booked".equals(t.get("bookingStatus"))
                && Boolean.FALSE.equals(t.get("invoiced"))).map(t -> amount(t, "transactionAmount"))
                .reduce(BigDecimal.ZERO, BigDecimal::add);
        assertEquals(amount(byType.get("nonInvoiced")), notInvoiced);
        BigDecimal pending = txs.stream().filter(t -> "pending".equals(t.get("bookingStatus")))
                .map(t -> amount(t, "transactionAmount")).reduce(BigDecimal.ZERO, BigDecimal::add);
        assertEquals(expected, amount(byType.get("closingBooked")).add(notInvoiced).add(pending));
    }

    @Test
    void cardTransactionsSpanMonthsWithTheirCardFields() {
        String consent = Bank.validConsent(Bank.allPsd2(), "psu1");
        JsonPath all = api().get("/bank/v1/consents/" + consent + "/card-accounts/psu1-card/transactions")
                .then().statusCode(200).extract().jsonPath();
        List<Map<String, Object>> txs = all.getList("transactions");
        assertTrue(txs.size() >= 40, txs.size() + " card transactions");
        LocalDate oldest = txs.stream().map(t -> LocalDate.parse((String) t.get("bookingDate")))
                .min(LocalDate::compareTo).orElseThrow();
        assertTrue(!oldest.isAfter(Bank.today().minusDays(90)), "history starts " + oldest);
        Map<String, Object> purchase = txs.stream().filter(t -> t.get("merchantCategoryCode") != null)
                .findFirst().orElseThrow();
        for (String field : List.of("transactionId", "entryReference", "transactionDate", "bookingDate",
                "transactionAmount", "cardAcceptorId", "cardAcceptorAddress", "maskedPan", "transactionDetails",
                "invoiced")) {
            assertTrue(purchase.containsKey(field), "missing " + field + " in " + purchase);
        }
        assertEquals(MASKED_PAN, purchase.get("maskedPan"));
        assertTrue(txs.stream().anyMatch(t -> Boolean.TRUE.equals(t.get("invoiced"))), "some are invoiced");
        assertTrue(txs.stream().anyMatch(t -> "pending".equals(t.get("bookingStatus"))), "some are pending");
    }

    @Test
    void aConsentNamingTheMaskedPanCoversOnlyWhatItNames() {
        String consent = Bank.validConsent(Map.of("accounts", List.of(card()), "balances", List.of(card())), "psu1");
        api().get("/bank/v1/consents/" + consent).then().statusCode(200)
                .body("access.accounts.maskedPan", contains(MASKED_PAN))
                .body("access.transactions", hasSize(0));
        api().get("/bank/v1/consents/" + consent + "/card-accounts").then().statusCode(200)
                .body("cardAccounts", hasSize(1)).body("cardAccounts[0].access.transactions", equalTo(false))
                .body("cardAccounts[0].ownerName", nullValue());
        api().get("/bank/v1/consents/" + consent + "/accounts").then().statusCode(200).body("accounts", hasSize(0));
        api().get("/bank/v1/consents/" + consent + "/card-accounts/psu1-card/balances").then().statusCode(200);
        api().get("/bank/v1/consents/" + consent + "/card-accounts/psu1-card/transactions").then().statusCode(422)
                .body("code", equalTo("CONSENT_INVALID"));
    }

    @Test
    void anotherPsusMaskedPanRejectsTheConsentAtLogin() {
        Map<String, Object> access = Map.of("accounts", List.of(card()));
        String scaUrl = Bank.registerConsent(Bank.aisConsent(access, null)).path("scaUrl");
        PsuBrowser.open(scaUrl).login("psu-poor", "sandbox").then().statusCode(303)
                .header("Location", org.hamcrest.Matchers.startsWith(Bank.RETURN_URL));
    }

    private static BigDecimal amount(Map<String, Object> balance) {
        return amount(balance, "balanceAmount");
    }

    @SuppressWarnings("unchecked")
    private static BigDecimal amount(Map<String, Object> holder, String field) {
        return new BigDecimal((String) ((Map<String, Object>) holder.get(field)).get("amount"));
    }
}
