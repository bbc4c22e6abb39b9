package eu.xs2a.sandbox;

import static eu.xs2a.sandbox.Bank.api;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.startsWith;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A bank-offered consent (BANK-API.md "Consents"): the gateway registers accounts, balances and transactions as empty
 * lists, the PSU chooses the accounts and the access on the decision page, and the consent then covers exactly that.
 */
@QuarkusTest
class BankOfferedConsentTest {

    private static final Map<String, Object> BANK_OFFERED = Map.of("accounts", List.of(), "balances", List.of(),
            "transactions", List.of());

    @Test
    void thePsuChoosesTheAccountsAndTheAccessAndTheConsentCoversExactlyThat() {
        Response created = Bank.registerConsent(Bank.aisConsent(BANK_OFFERED, null));
        String id = created.path("bankConsentId");
        api().get("/bank/v1/consents/" + id).then().statusCode(200).body("access.accounts", hasSize(0))
                .body("access.balances", hasSize(0)).body("access.transactions", hasSize(0));

        PsuBrowser browser = PsuBrowser.open(created.path("scaUrl"));
        browser.login("psu1", "sandbox").then().statusCode(303);
        browser.get("decision").then().statusCode(200).body(containsString("The accounts you choose below"))
                .body(containsString("value=\"psu1-main:balances\"")).body(containsString("value=\"psu1-card:transactions\""))
                .body(not(containsString("psu-poor-main")));
        // nothing chosen, another PSU's account, an access the bank does not know: the page asks again
        browser.choose().then().statusCode(200).body(containsString("Please choose the accounts and the access"));
        browser.choose("psu-poor-main:balances").then().statusCode(200).body(containsString("Please choose"));
        browser.choose("psu1-main:payments").then().statusCode(200).body(containsString("Please choose"));
        api().get("/bank/v1/consents/" + id).then().body("scaStatus", equalTo("psuIdentified"))
                .body("access.accounts", hasSize(0));

        browser.choose("psu1-main:balances", "psu1-main:transactions", "psu1-savings:accounts")
                .then().statusCode(303).header("Location", containsString("/otp"));
        browser.otp("123456").then().statusCode(303).header("Location", startsWith(Bank.RETURN_URL));

        api().get("/bank/v1/consents/" + id).then().statusCode(200).body("status", equalTo("valid"))
                .body("access.accounts.iban", containsInAnyOrder(Bank.PSU1_MAIN, Bank.PSU1_SAVINGS))
                .body("access.balances.iban", containsInAnyOrder(Bank.PSU1_MAIN))
                .body("access.transactions.iban", containsInAnyOrder(Bank.PSU1_MAIN));
        api().get("/bank/v1/consents/" + id + "/accounts").then().statusCode(200)
                .body("accounts.iban", containsInAnyOrder(Bank.PSU1_MAIN, Bank.PSU1_SAVINGS));
        api().get("/bank/v1/consents/" + id + "/accounts/psu1-main/transactions").then().statusCode(200);
        api().get("/bank/v1/consents/" + id + "/accounts/psu1-savings/balances").then().statusCode(422)
                .body("code", equalTo("CONSENT_INVALID"));
        api().get("/bank/v1/consents/" + id + "/accounts/psu1-business/balances").then().statusCode(422);
    }

    @Test
    void anEmptyListBesideAnotherThatNamesNothingIsNoBankOfferedConsent() {
        // only accounts given, empty: the access names nothing and is not bank-offered
        api().body(Bank.aisConsent(Map.of("accounts", List.of()), null)).post("/bank/v1/consents").then()
                .statusCode(400).body("code", equalTo("FORMAT_ERROR"));
    }
}
