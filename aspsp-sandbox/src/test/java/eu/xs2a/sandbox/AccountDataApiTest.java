package eu.xs2a.sandbox;

import static eu.xs2a.sandbox.Bank.api;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.sandbox.domain.Iban;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.time.LocalDate;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

@QuarkusTest
class AccountDataApiTest {

    private String consent;

    @BeforeEach
    void approvedConsent() {
        consent = Bank.validConsent(Bank.allPsd2(), "psu1");
    }

    private JsonPath transactions(String account, String query) {
        return api().get("/bank/v1/consents/" + consent + "/accounts/" + account + "/transactions" + query)
                .then().statusCode(200).extract().jsonPath();
    }

    @Test
    void seededIbansAreValidAndTheHistoryIsRichAndRecent() {
        List<String> ibans = api().get("/bank/v1/consents/" + consent + "/accounts").then().extract().path("accounts.iban");
        ibans.forEach(iban -> assertTrue(Iban.isValid(iban), iban));
        assertTrue(Iban.isValid(Bank.FOREIGN));
        assertTrue(!Iban.isValid("DE89370400440532013001"));

        JsonPath all = transactions("psu1-main", "");
        int total = all.getInt("totalElements");
        assertTrue(total >= 150, "psu1-main has " + total + " transactions");
        List<Map<String, Object>> txs = all.getList("transactions");
        assertEquals(total, txs.size(), "the default page size holds them all");
        LocalDate oldest = txs.stream().map(t -> LocalDate.parse((String) t.get("bookingDate"))).min(LocalDate::compareTo).orElseThrow();
        assertTrue(!oldest.isAfter(Bank.today().minusDays(120)), "history starts " + oldest);
        Set<Object> ids = new HashSet<>();
        txs.forEach(t -> assertTrue(ids.add(t.get("transactionId")), "duplicate " + t.get("transactionId")));
        Map<String, Object> first = txs.get(0);
        for (String field : List.of("transactionId", "entryReference", "endToEndId", "bookingStatus", "bookingDate", "valueDate",
                "transactionAmount", "creditorName", "creditorAccount", "debtorName", "debtorAccount",
                "remittanceInformationUnstructured", "bankTransactionCode")) {
            assertTrue(first.containsKey(field), "missing " + field + " in " + first);
        }
        assertTrue(txs.stream().anyMatch(t -> ((String) ((Map<?, ?>) t.get("transactionAmount")).get("amount")).startsWith("-")));
        assertTrue(txs.stream().anyMatch(t -> !((String) ((Map<?, ?>) t.get("transactionAmount")).get("amount")).startsWith("-")));
    }

    @Test
    void bookingStatusDateRangeAndPagingFilter() {
        JsonPath pending = transactions("psu1-main", "?bookingStatus=pending");
        assertTrue(pending.getInt("totalElements") >= 1);
        pending.getList("transactions.bookingStatus").forEach(s -> assertEquals("pending", s));
        transactions("psu1-main", "?bookingStatus=booked").getList("transactions.bookingStatus").forEach(s -> assertEquals("booked", s));

        String from = Bank.today().minusDays(30).toString();
        String to = Bank.today().minusDays(10).toString();
        JsonPath range = transactions("psu1-main", "?dateFrom=" + from + "&dateTo=" + to);
        range.getList("transactions.bookingDate", String.class)
                .forEach(d -> assertTrue(d.compareTo(from) >= 0 && d.compareTo(to) <= 0, d));

        JsonPath page0 = transactions("psu1-main", "?size=10&page=0");
        JsonPath page1 = transactions("psu1-main", "?size=10&page=1");
        assertEquals(10, page0.getList("transactions").size());
        assertEquals(page0.getInt("totalElements"), transactions("psu1-main", "").getInt("totalElements"));
        assertEquals((page0.getInt("totalElements") + 9) / 10, page0.getInt("totalPages"));
        Set<Object> firstPage = new HashSet<>(page0.getList("transactions.transactionId"));
        page1.getList("transactions.transactionId").forEach(id -> assertTrue(!firstPage.contains(id)));
    }

    @Test
    void badQueryParametersAre400() {
        String path = "/bank/v1/consents/" + consent + "/accounts/psu1-main/transactions";
        api().get(path + "?dateFrom=yesterday").then().statusCode(400).body("code", equalTo("FORMAT_ERROR"));
        api().get(path + "?dateFrom=2026-02-01&dateTo=2026-01-01").then().statusCode(400);
        api().get(path + "?bookingStatus=information").then().statusCode(400);
        api().get(path + "?size=0").then().statusCode(400);
        api().get(path + "?size=501").then().statusCode(400);
        api().get(path + "?page=-1").then().statusCode(400);
        api().get(path + "?page=x").then().statusCode(400);
    }

    @Test
    void fundsChecksFollowTheAvailableBalanceAndAccountStatus() {
        assertFunds(Bank.PSU1_MAIN, "10.00", true);
        assertFunds(Bank.PSU1_MAIN, "99999999.00", false);
        assertFunds(Bank.POOR_MAIN, "0.01", false);
        assertFunds(Bank.BLOCKED_MAIN, "1.00", false);
        api().body(Map.of("account", Map.of("iban", Bank.PSU1_MAIN, "currency", "USD"), "instructedAmount", Map.of("currency", "EUR", "amount", "1")))
                .post("/bank/v1/funds-checks").then().statusCode(404);
        api().body(Map.of("account", Map.of("iban", Bank.FOREIGN), "instructedAmount", Map.of("currency", "EUR", "amount", "1")))
                .post("/bank/v1/funds-checks").then().statusCode(404).body("code", equalTo("ACCOUNT_UNKNOWN"));
        api().body(Map.of("account", Map.of("iban", Bank.PSU1_MAIN), "instructedAmount", Map.of("currency", "EUR", "amount", "-5")))
                .post("/bank/v1/funds-checks").then().statusCode(400);
        api().body(Map.of("account", Map.of("iban", Bank.PSU1_MAIN))).post("/bank/v1/funds-checks").then().statusCode(400);
    }

    private static void assertFunds(String iban, String amount, boolean expected) {
        api().body(Map.of("account", Map.of("iban", iban), "instructedAmount", Map.of("currency", "EUR", "amount", amount)))
                .post("/bank/v1/funds-checks").then().statusCode(200).body("fundsAvailable", equalTo(expected));
    }
}
