package eu.xs2a.sandbox;

import static eu.xs2a.sandbox.Bank.api;
import static eu.xs2a.sandbox.Bank.ref;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.agroal.api.AgroalDataSource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.net.URI;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

@QuarkusTest
class ConsentApiTest {

    @Inject AgroalDataSource dataSource;

    @Test
    void withoutOrWithAnotherCredentialTheBankAnswers401() {
        given().contentType(ContentType.JSON).body(Bank.aisConsent(Bank.allPsd2(), null)).post("/bank/v1/consents")
                .then().statusCode(401).body("code", equalTo("UNAUTHORIZED"));
        given().header("Authorization", "Bearer not-the-credential").get("/bank/v1/consents/BC-x")
                .then().statusCode(401);
        given().header("Authorization", "Basic " + Bank.CREDENTIAL).get("/bank/v1/payments/BP-x")
                .then().statusCode(401);
    }

    @Test
    void anAllPsd2ConsentGoesThroughScaAndThenCoversAllOfThePsusAccounts() {
        Response created = Bank.registerConsent(Bank.aisConsent(Bank.allPsd2(), "psu1"));
        String id = created.path("bankConsentId");
        assertEquals("received", created.path("status"));
        org.hamcrest.MatcherAssert.assertThat(created.<String>path("scaUrl"), startsWith("http://localhost:"));
        api().get("/bank/v1/consents/" + id).then().statusCode(200)
                .body("status", equalTo("received")).body("scaStatus", equalTo("received")).body("type", equalTo("AIS"));
        api().get("/bank/v1/consents/" + id + "/accounts").then().statusCode(422).body("code", equalTo("CONSENT_INVALID"));

        PsuBrowser browser = PsuBrowser.open(created.path("scaUrl"));
        browser.login("psu1", "sandbox").then().statusCode(303).header("Location", containsString("/decision"));
        api().get("/bank/v1/consents/" + id).then().body("scaStatus", equalTo("psuIdentified")).body("psuId", equalTo("psu1"));
        browser.get("decision").then().statusCode(200).body(containsString("Alpha TPP")).body(containsString("Approve"));
        browser.decide("approve").then().statusCode(303).header("Location", containsString("/otp"));
        api().get("/bank/v1/consents/" + id).then().body("scaStatus", equalTo("started"));
        browser.otp("123456").then().statusCode(303).header("Location", startsWith(Bank.RETURN_URL));

        api().get("/bank/v1/consents/" + id).then().statusCode(200)
                .body("status", equalTo("valid")).body("scaStatus", equalTo("finalised"))
                .body("access.accounts.iban", containsInAnyOrder(Bank.PSU1_MAIN, Bank.PSU1_BUSINESS, Bank.PSU1_SAVINGS,
                        null))
                .body("access.accounts.maskedPan", org.hamcrest.Matchers.hasItem(CardAccountApiTest.MASKED_PAN))
                .body("access.balances", hasSize(4)).body("access.transactions", hasSize(4));
        api().get("/bank/v1/consents/" + id + "/accounts").then().statusCode(200)
                .body("accounts", hasSize(3))
                .body("accounts.find { it.iban == '" + Bank.PSU1_BUSINESS + "' }.usage", equalTo("ORGA"))
                .body("accounts.find { it.iban == '" + Bank.PSU1_BUSINESS + "' }.corporateId", equalTo("ERIKA-CORP-1"))
                .body("accounts.find { it.iban == '" + Bank.PSU1_MAIN + "' }.corporateId", nullValue())
                .body("accounts.find { it.iban == '" + Bank.PSU1_SAVINGS + "' }.cashAccountType", equalTo("SVGS"))
                .body("accounts[0].bban", equalTo("10020030" + "0100000011"))
                .body("accounts[0].ownerName", nullValue())
                .body("accounts[0].access.ownerName", equalTo(false))
                .body("accounts[0].status", equalTo("enabled"))
                .body("accounts[0].access.balances", equalTo(true));
        List<Map<String, Object>> balances = api().get("/bank/v1/consents/" + id + "/accounts/psu1-main/balances")
                .then().statusCode(200).extract().path("balances");
        assertEquals(List.of("closingBooked", "expected", "forwardAvailable", "interimAvailable", "interimBooked"),
                balances.stream().map(b -> b.get("balanceType")).sorted().toList());
        assertTrue(balances.stream().allMatch(b -> Boolean.FALSE.equals(b.get("creditLimitIncluded"))), balances.toString());
        assertEquals(Bank.today().minusDays(1).toString(),
                balances.stream().filter(b -> b.get("balanceType").equals("closingBooked")).findFirst().orElseThrow().get("referenceDate"));
    }

    @Test
    void anExplicitConsentCoversOnlyWhatThePsuApproved() {
        String id = Bank.validConsent(Map.of("accounts", List.of(ref(Bank.PSU1_MAIN), ref(Bank.PSU1_SAVINGS)),
                "balances", List.of(ref(Bank.PSU1_MAIN)), "transactions", List.of(ref(Bank.PSU1_SAVINGS))), "psu1");
        api().get("/bank/v1/consents/" + id).then().body("access.accounts.iban", containsInAnyOrder(Bank.PSU1_MAIN, Bank.PSU1_SAVINGS))
                .body("access.balances.iban", containsInAnyOrder(Bank.PSU1_MAIN))
                .body("access.transactions.iban", containsInAnyOrder(Bank.PSU1_SAVINGS));
        api().get("/bank/v1/consents/" + id + "/accounts").then().statusCode(200).body("accounts.iban",
                containsInAnyOrder(Bank.PSU1_MAIN, Bank.PSU1_SAVINGS));
        api().get("/bank/v1/consents/" + id + "/accounts/psu1-main/balances").then().statusCode(200);
        api().get("/bank/v1/consents/" + id + "/accounts/psu1-main/transactions").then().statusCode(422).body("code", equalTo("CONSENT_INVALID"));
        api().get("/bank/v1/consents/" + id + "/accounts/psu1-savings/transactions").then().statusCode(200);
        api().get("/bank/v1/consents/" + id + "/accounts/psu1-savings/balances").then().statusCode(422);
        api().get("/bank/v1/consents/" + id + "/accounts/psu1-business/balances").then().statusCode(422);
        api().get("/bank/v1/consents/" + id + "/accounts/psu-poor-main/balances").then().statusCode(422);
        api().get("/bank/v1/consents/" + id + "/accounts/no-such-account/balances").then().statusCode(404).body("code", equalTo("ACCOUNT_UNKNOWN"));
    }

    @Test
    void availableAccountsGivesTheListButNoBalancesOrTransactions() {
        String id = Bank.validConsent(Map.of("availableAccounts", "allAccounts"), "psu1");
        api().get("/bank/v1/consents/" + id + "/accounts").then().statusCode(200).body("accounts", hasSize(3))
                .body("accounts[0].access.balances", equalTo(false));
        api().get("/bank/v1/consents/" + id + "/accounts/psu1-main/balances").then().statusCode(422);
        api().get("/bank/v1/consents/" + id + "/accounts/psu1-main/transactions").then().statusCode(422);
    }

    @Test
    void aRegistrationRepeatedWithItsIdempotencyKeyFindsTheConsentRegistered() {
        Map<String, Object> body = new HashMap<>(Bank.aisConsent(Bank.allPsd2(), null));
        body.put("idempotencyKey", "gw-" + UUID.randomUUID());
        Response first = Bank.registerConsent(body);
        Response again = api().body(body).post("/bank/v1/consents").then().statusCode(200).extract().response();
        String id = first.path("bankConsentId");
        String scaUrl = first.path("scaUrl");
        assertEquals(id, again.path("bankConsentId"));
        assertEquals(scaUrl, again.path("scaUrl"), "the one SCA link of the one consent");

        body.put("idempotencyKey", "gw-" + UUID.randomUUID());
        String other = Bank.registerConsent(body).path("bankConsentId");
        assertNotEquals(id, other, "another key, another consent");
        body.put("idempotencyKey", "");
        api().body(body).post("/bank/v1/consents").then().statusCode(400)
                .body("message", containsString("idempotencyKey"));
        body.put("idempotencyKey", "k".repeat(101));
        api().body(body).post("/bank/v1/consents").then().statusCode(400)
                .body("message", containsString("idempotencyKey"));
    }

    @Test
    void deniedAndFailedScaRejectTheConsent() {
        Response denied = Bank.registerConsent(Bank.aisConsent(Bank.allPsd2(), null));
        PsuBrowser browser = PsuBrowser.open(denied.path("scaUrl"));
        browser.login("psu1", "sandbox");
        browser.decide("deny").then().statusCode(303).header("Location", startsWith(Bank.RETURN_URL));
        api().get("/bank/v1/consents/" + denied.path("bankConsentId")).then()
                .body("status", equalTo("rejected")).body("scaStatus", equalTo("failed"));

        Response failing = Bank.registerConsent(Bank.aisConsent(Bank.allPsd2(), "psu-fail"));
        PsuBrowser.approve(failing.path("scaUrl"), "psu-fail").then().statusCode(303).header("Location", startsWith(Bank.RETURN_URL));
        api().get("/bank/v1/consents/" + failing.path("bankConsentId")).then()
                .body("status", equalTo("rejected")).body("scaStatus", equalTo("failed"));
        api().get("/bank/v1/consents/" + failing.path("bankConsentId") + "/accounts").then().statusCode(422);
    }

    @Test
    void onlyTheNamedPsuMayApproveAndOnlyForItsOwnAccounts() {
        Response forPsu1 = Bank.registerConsent(Bank.aisConsent(Bank.allPsd2(), "psu1"));
        PsuBrowser.open(forPsu1.path("scaUrl")).login("psu-poor", "sandbox").then().statusCode(303)
                .header("Location", startsWith(Bank.RETURN_URL));
        api().get("/bank/v1/consents/" + forPsu1.path("bankConsentId")).then().body("status", equalTo("rejected"));

        Response foreignAccount = Bank.registerConsent(Bank.aisConsent(Map.of("balances", List.of(ref(Bank.PSU1_MAIN))), null));
        PsuBrowser.open(foreignAccount.path("scaUrl")).login("psu-poor", "sandbox").then().statusCode(303)
                .header("Location", startsWith(Bank.RETURN_URL));
        api().get("/bank/v1/consents/" + foreignAccount.path("bankConsentId")).then()
                .body("status", equalTo("rejected")).body("scaStatus", equalTo("failed"));
    }

    @Test
    void aPiisConsentCoversTheOneAccount() {
        Map<String, Object> body = Bank.aisConsent(null, null);
        body.remove("access");
        body.put("type", "PIIS");
        body.put("account", ref(Bank.PSU1_MAIN));
        Response created = Bank.registerConsent(body);
        PsuBrowser.approve(created.path("scaUrl"), "psu1");
        api().get("/bank/v1/consents/" + created.path("bankConsentId")).then().body("status", equalTo("valid"))
                .body("type", equalTo("PIIS")).body("account.iban", equalTo(Bank.PSU1_MAIN));
        api().get("/bank/v1/consents/" + created.path("bankConsentId") + "/accounts").then().statusCode(422);
    }

    @Test
    void terminatedAndExpiredConsentsGiveNoData() throws Exception {
        String terminated = Bank.validConsent(Bank.allPsd2(), "psu1");
        api().delete("/bank/v1/consents/" + terminated).then().statusCode(204);
        api().get("/bank/v1/consents/" + terminated).then().body("status", equalTo("terminatedByTpp"));
        api().get("/bank/v1/consents/" + terminated + "/accounts").then().statusCode(422).body("code", equalTo("CONSENT_INVALID"));
        api().delete("/bank/v1/consents/" + terminated).then().statusCode(204);

        String expired = Bank.validConsent(Bank.allPsd2(), "psu1");
        try (Connection c = dataSource.getConnection();
             PreparedStatement s = c.prepareStatement("update consent set valid_until = current_date - 1 where id = ?")) {
            s.setString(1, expired);
            s.executeUpdate();
        }
        api().get("/bank/v1/consents/" + expired + "/accounts").then().statusCode(422).body("code", equalTo("CONSENT_EXPIRED"));
        api().get("/bank/v1/consents/" + expired).then().body("status", equalTo("expired"));
    }

    @Test
    void theLongestTppIdAndNameTheGatewayAcceptsAreKept() {
        Map<String, Object> body = Bank.aisConsent(Bank.allPsd2(), null);
        body.put("tppId", "PSDDE-BAFIN-" + "9".repeat(Bank.LONGEST_TPP_ID - 12));
        body.put("tppName", "N".repeat(Bank.LONGEST_TPP_NAME));
        String id = Bank.registerConsent(body).path("bankConsentId");
        api().get("/bank/v1/consents/" + id).then().statusCode(200)
                .body("tppId", equalTo(body.get("tppId"))).body("tppName", equalTo(body.get("tppName")));

        body.put("tppId", body.get("tppId") + "9");
        api().body(body).post("/bank/v1/consents").then().statusCode(400).body("code", equalTo("FORMAT_ERROR"))
                .body("message", equalTo("tppId is longer than 140 characters"));
    }

    @Test
    void theTppsBrandNamesItOnThePagesAndInOnlineBankingAndThePsusContextIsKept() {
        Map<String, Object> body = Bank.aisConsent(Bank.allPsd2(), null);
        body.put("tppBrand", "PayFast");
        body.put("psuContext", Map.of("ipAddress", "192.0.2.10", "deviceId", "99435c7e-ad88-49ec-a2ad-99ddcb1f7721"));
        Response created = Bank.registerConsent(body);
        api().get("/bank/v1/consents/" + created.path("bankConsentId")).then().statusCode(200)
                .body("tppBrand", equalTo("PayFast"))
                .body("psuContext.ipAddress", equalTo("192.0.2.10"))
                .body("psuContext.deviceId", equalTo("99435c7e-ad88-49ec-a2ad-99ddcb1f7721"));
        given().get(URI.create(created.<String>path("scaUrl")).getPath()).then().statusCode(200)
                .body(containsString("<strong id=\"tpp-name\">PayFast (Alpha TPP)</strong>"));
        PsuBrowser.approve(created.path("scaUrl"), "psu1");
        String session = Forms.given().formParam("username", "psu1").formParam("password", "sandbox")
                .post("/online-banking/login").then().statusCode(303).extract().cookie("SANDBOX_OB");
        given().cookie("SANDBOX_OB", session).get("/online-banking").then().statusCode(200)
                .body(containsString("<td class=\"tpp\">PayFast (Alpha TPP)</td>"));
        String unbranded = Bank.registerConsent(Bank.aisConsent(Bank.allPsd2(), null)).path("scaUrl");
        given().get(URI.create(unbranded).getPath()).then().statusCode(200)
                .body(containsString("<strong id=\"tpp-name\">Alpha TPP</strong>"));

        body.put("tppBrand", "B".repeat(141));
        api().body(body).post("/bank/v1/consents").then().statusCode(400)
                .body("message", equalTo("tppBrand is longer than 140 characters"));
    }

    @Test
    void badConsentRequestsAre400AndUnknownIds404() {
        Map<String, Object> wrongType = Bank.aisConsent(Bank.allPsd2(), null);
        wrongType.put("type", "XYZ");
        api().body(wrongType).post("/bank/v1/consents").then().statusCode(400).body("code", equalTo("FORMAT_ERROR"));
        Map<String, Object> past = Bank.aisConsent(Bank.allPsd2(), null);
        past.put("validUntil", Bank.today().minusDays(1).toString());
        api().body(past).post("/bank/v1/consents").then().statusCode(400).body("message", containsString("validUntil"));
        api().body(Bank.aisConsent(Map.of("accounts", List.of(Map.of("iban", "DE00123456780000000000"))), null))
                .post("/bank/v1/consents").then().statusCode(400).body("message", containsString("IBAN"));
        api().body(Bank.aisConsent(Map.of(), null)).post("/bank/v1/consents").then().statusCode(400);
        Map<String, Object> noReturn = Bank.aisConsent(Bank.allPsd2(), null);
        noReturn.remove("returnUrl");
        api().body(noReturn).post("/bank/v1/consents").then().statusCode(400).body("message", containsString("returnUrl"));
        api().body("{not json").post("/bank/v1/consents").then().statusCode(400).body("code", equalTo("FORMAT_ERROR"));
        api().body("{\"type\":\"AIS\",\"validUntil\":\"tomorrow\"}").post("/bank/v1/consents").then().statusCode(400);
        api().get("/bank/v1/consents/BC-unknown").then().statusCode(404).body("code", equalTo("CONSENT_UNKNOWN"));
        // a person who opens the address in a browser reads a page, not the JSON error
        api().accept("text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8").get("/bank/v1/consents/BC-unknown")
                .then().statusCode(404).contentType(org.hamcrest.Matchers.startsWith("text/html"))
                .body(org.hamcrest.Matchers.containsString("This request cannot be completed"));
        api().delete("/bank/v1/consents/BC-unknown").then().statusCode(404);
    }
}
