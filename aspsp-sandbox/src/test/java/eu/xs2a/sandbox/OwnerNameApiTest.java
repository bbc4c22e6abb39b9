package eu.xs2a.sandbox;

import static eu.xs2a.sandbox.Bank.api;
import static eu.xs2a.sandbox.Bank.ref;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.agroal.api.AgroalDataSource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The owner name is delivered only with an explicit consent to it (Berlin Group NextGenPSD2 1.3.6: allAccountsWithOwnerName
 * or access.additionalInformation.ownerName), and the consent state shows on which accounts it is delivered.
 */
@QuarkusTest
class OwnerNameApiTest {

    private static final String ERIKA = "Erika Mustermann";

    @Inject AgroalDataSource dataSource;

    private static Response accounts(String consentId) {
        return api().get("/bank/v1/consents/" + consentId + "/accounts").then().statusCode(200).extract().response();
    }

    private static String account(String iban) {
        return "accounts.find { it.iban == '" + iban + "' }";
    }

    @Test
    void allPsd2AllAccountsDeliversNoOwnerName() {
        String id = Bank.validConsent(Map.of("allPsd2", "allAccounts"), "psu1");
        accounts(id).then().body("accounts", hasSize(3))
                .body("accounts.access.ownerName", everyItem(equalTo(false)))
                .body("accounts", everyItem(not(hasKey("ownerName"))));
        api().get("/bank/v1/consents/" + id).then().body("access.allPsd2", equalTo("allAccounts"))
                .body("access", not(hasKey("additionalInformation")));
    }

    @Test
    void allPsd2WithOwnerNameDeliversItOnEveryAccount() {
        String id = Bank.validConsent(Map.of("allPsd2", "allAccountsWithOwnerName"), "psu1");
        accounts(id).then().body("accounts", hasSize(3))
                .body("accounts.access.ownerName", everyItem(equalTo(true)))
                .body("accounts.ownerName", everyItem(equalTo(ERIKA)))
                .body("accounts.access.balances", everyItem(equalTo(true)));
        api().get("/bank/v1/consents/" + id).then().body("access.allPsd2", equalTo("allAccountsWithOwnerName"))
                .body("access", not(hasKey("additionalInformation")));
    }

    @Test
    void additionalInformationOwnerNameDeliversItOnlyOnTheNamedAccount() {
        Map<String, Object> access = Map.of("accounts", List.of(ref(Bank.PSU1_MAIN), ref(Bank.PSU1_SAVINGS)),
                "balances", List.of(ref(Bank.PSU1_MAIN)),
                "additionalInformation", Map.of("ownerName", List.of(ref(Bank.PSU1_SAVINGS))));
        Response created = Bank.registerConsent(Bank.aisConsent(access, null));
        String id = created.path("bankConsentId");
        api().get("/bank/v1/consents/" + id).then().body("status", equalTo("received"))
                .body("access.additionalInformation.ownerName.iban", containsInAnyOrder(Bank.PSU1_SAVINGS));

        PsuBrowser browser = PsuBrowser.open(created.path("scaUrl"));
        browser.login("psu1", "sandbox");
        String page = browser.get("decision").then().statusCode(200).extract().asString();
        assertTrue(page.contains(Bank.PSU1_SAVINGS + "</td><td>account details, the account owner&#39;s name")
                || page.contains(Bank.PSU1_SAVINGS + "</td><td>account details, the account owner's name"), page);
        assertTrue(page.contains(Bank.PSU1_MAIN + "</td><td>account details, balances</td>"), page);
        browser.decide("approve");
        browser.otp("123456").then().statusCode(303);

        accounts(id).then().body("accounts", hasSize(2))
                .body(account(Bank.PSU1_SAVINGS) + ".access.ownerName", equalTo(true))
                .body(account(Bank.PSU1_SAVINGS) + ".ownerName", equalTo(ERIKA))
                .body(account(Bank.PSU1_MAIN) + ".access.ownerName", equalTo(false))
                .body(account(Bank.PSU1_MAIN) + ".access.balances", equalTo(true))
                .body(account(Bank.PSU1_MAIN), not(hasKey("ownerName")));
        api().get("/bank/v1/consents/" + id).then().body("status", equalTo("valid"))
                .body("access.accounts.iban", containsInAnyOrder(Bank.PSU1_MAIN, Bank.PSU1_SAVINGS))
                .body("access.additionalInformation.ownerName.iban", containsInAnyOrder(Bank.PSU1_SAVINGS))
                .body("access.additionalInformation.ownerName[0].currency", equalTo("EUR"));
    }

    @Test
    void anEmptyOwnerNameListCoversEveryAccountOfTheConsent() {
        String id = Bank.validConsent(Map.of("transactions", List.of(ref(Bank.PSU1_MAIN), ref(Bank.PSU1_BUSINESS)),
                "additionalInformation", Map.of("ownerName", List.of())), "psu1");
        accounts(id).then().body("accounts", hasSize(2))
                .body("accounts.access.ownerName", everyItem(equalTo(true)))
                .body("accounts.ownerName", everyItem(equalTo(ERIKA)));
        api().get("/bank/v1/consents/" + id).then()
                .body("access.additionalInformation.ownerName.iban", containsInAnyOrder(Bank.PSU1_MAIN, Bank.PSU1_BUSINESS));
    }

    @Test
    void availableAccountsWithBalanceListsEveryAccountWithBalancesAndTheOwnerNameOnlyWhenAsked() {
        String plain = Bank.validConsent(Map.of("availableAccountsWithBalance", "allAccounts"), "psu1");
        accounts(plain).then().body("accounts", hasSize(3))
                .body("accounts.access.balances", everyItem(equalTo(true)))
                .body("accounts.access.transactions", everyItem(equalTo(false)))
                .body("accounts.access.ownerName", everyItem(equalTo(false)))
                .body("accounts", everyItem(not(hasKey("ownerName"))));
        api().get("/bank/v1/consents/" + plain + "/accounts/psu1-main/balances").then().statusCode(200);
        api().get("/bank/v1/consents/" + plain + "/accounts/psu1-main/transactions").then().statusCode(422);
        api().get("/bank/v1/consents/" + plain).then().body("access.availableAccountsWithBalance", equalTo("allAccounts"))
                .body("access.balances", hasSize(4)).body("access.transactions", hasSize(0)); // with psu1's card

        String withOwner = Bank.validConsent(Map.of("availableAccounts", "allAccountsWithOwnerName"), "psu1");
        accounts(withOwner).then().body("accounts", hasSize(3))
                .body("accounts.access.balances", everyItem(equalTo(false)))
                .body("accounts.access.ownerName", everyItem(equalTo(true)))
                .body("accounts.ownerName", everyItem(equalTo(ERIKA)));
        api().get("/bank/v1/consents/" + withOwner).then().body("access.availableAccounts", equalTo("allAccountsWithOwnerName"));
    }

    @Test
    void anOwnerNameReferenceOutsideTheConsentsListsIs400() {
        api().body(Bank.aisConsent(Map.of("accounts", List.of(ref(Bank.PSU1_MAIN)),
                        "additionalInformation", Map.of("ownerName", List.of(ref(Bank.PSU1_SAVINGS)))), null))
                .post("/bank/v1/consents").then().statusCode(400).body("code", equalTo("FORMAT_ERROR"))
                .body("message", containsString("additionalInformation.ownerName"));
        api().body(Bank.aisConsent(Map.of("allPsd2", "allAccounts",
                        "additionalInformation", Map.of("ownerName", List.of(ref(Bank.PSU1_MAIN)))), null))
                .post("/bank/v1/consents").then().statusCode(400);
        api().body(Bank.aisConsent(Map.of("accounts", List.of(ref(Bank.PSU1_MAIN)),
                        "additionalInformation", Map.of("ownerName", List.of(Map.of("currency", "EUR")))), null))
                .post("/bank/v1/consents").then().statusCode(400).body("message", containsString("account reference"));
        api().body(Bank.aisConsent(Map.of("accounts", List.of(ref(Bank.PSU1_MAIN)),
                        "additionalInformation", Map.of("ownerName", List.of(Map.of("iban", Bank.PSU1_MAIN, "currency", "USD")))), null))
                .post("/bank/v1/consents").then().statusCode(400);
        // the same account, written with spaces and without currency, is named
        api().body(Bank.aisConsent(Map.of("accounts", List.of(ref(Bank.PSU1_MAIN)),
                        "additionalInformation", Map.of("ownerName", List.of(Map.of("iban", "DE49 1002 0030 0100 0000 11")))), null))
                .post("/bank/v1/consents").then().statusCode(201);
    }

    @Test
    void aConsentStoredBeforeOwnerNamesExistedStillReads() throws Exception {
        Response created = Bank.registerConsent(Bank.aisConsent(Map.of("balances", List.of(ref(Bank.PSU1_MAIN))), null));
        String id = created.path("bankConsentId");
        try (Connection c = dataSource.getConnection();
             PreparedStatement s = c.prepareStatement("update consent set requested_access = ?::jsonb where id = ?")) {
            s.setString(1, "{\"accounts\":null,\"balances\":[{\"iban\":\"" + Bank.PSU1_MAIN + "\",\"currency\":\"EUR\"}],"
                    + "\"transactions\":null,\"availableAccounts\":null,\"allPsd2\":null,\"account\":null,\"cardNumber\":null}");
            s.setString(2, id);
            assertEquals(1, s.executeUpdate());
        }
        PsuBrowser.approve(created.path("scaUrl"), "psu1");
        api().get("/bank/v1/consents/" + id).then().statusCode(200).body("status", equalTo("valid"))
                .body("access.balances.iban", containsInAnyOrder(Bank.PSU1_MAIN))
                .body("access", not(hasKey("additionalInformation")));
        accounts(id).then().body("accounts[0].access.ownerName", equalTo(false)).body("accounts[0].ownerName", nullValue());
    }
}
