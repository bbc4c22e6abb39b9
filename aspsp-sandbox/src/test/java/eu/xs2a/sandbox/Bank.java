package eu.xs2a.sandbox;

import org.eclipse.microprofile.config.ConfigProvider;
import java.time.ZoneId;
import static io.restassured.RestAssured.given;

import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Supplier;

/** The gateway's side of the bank API, for tests: authenticated requests and typical bodies. */
final class Bank {

    static final String CREDENTIAL = "sandbox-service-credential";
    static final String RETURN_URL = "https://gateway.example/sandbox/callback/";

    static final String PSU1_MAIN = "DE49100200300100000011";
    static final String PSU1_BUSINESS = "DE48100200300100000029";
    static final String PSU1_SAVINGS = "DE26100200300100000037";
    static final String FAIL_MAIN = "DE12100200300200000014";
    static final String POOR_MAIN = "DE72100200300300000017";
    static final String BLOCKED_MAIN = "DE14100200300400000010";
    static final String SLOW_MAIN = "DE74100200300500000013";
    /** A valid IBAN at another bank (the textbook example). */
    static final String FOREIGN = "DE89370400440532013000";

    /** The gateway's limits (its tpp_id and tpp_name columns), which the bank takes too. */
    static final int LONGEST_TPP_ID = 140;
    static final int LONGEST_TPP_NAME = 255;

    private Bank() {
    }

    /** Today in the bank's own calendar (sandbox.time-zone), which the machine's date differs from around midnight. */
    static LocalDate today() {
        return LocalDate.now(ConfigProvider.getConfig().getValue("sandbox.time-zone", ZoneId.class));
    }

    static RequestSpecification api() {
        return given().header("Authorization", "Bearer " + CREDENTIAL).contentType(ContentType.JSON);
    }

    static Map<String, Object> ref(String iban) {
        return Map.of("iban", iban, "currency", "EUR");
    }

    static Map<String, Object> aisConsent(Map<String, Object> access, String psuId) {
        Map<String, Object> body = new HashMap<>();
        body.put("type", "AIS");
        body.put("tppId", "PSDDE-BAFIN-111111");
        body.put("tppName", "Alpha TPP");
        body.put("access", access);
        body.put("validUntil", today().plusDays(90).toString());
        body.put("recurringIndicator", true);
        body.put("frequencyPerDay", 4);
        body.put("returnUrl", RETURN_URL + UUID.randomUUID());
        if (psuId != null) {
            body.put("psuId", psuId);
        }
        return body;
    }

    static Map<String, Object> allPsd2() {
        return Map.of("allPsd2", "allAccounts");
    }

    /** Registers a consent and answers {bankConsentId, scaUrl}. */
    static Response registerConsent(Map<String, Object> body) {
        return api().body(body).post("/bank/v1/consents").then().statusCode(201).extract().response();
    }

    /** Registers and approves (login, Approve, OTP) an AIS consent; answers the bank consent id. */
    static String validConsent(Map<String, Object> access, String psu) {
        Response created = registerConsent(aisConsent(access, null));
        PsuBrowser.approve(created.path("scaUrl"), psu);
        String id = created.path("bankConsentId");
        api().get("/bank/v1/consents/" + id).then().statusCode(200);
        return id;
    }

    static Map<String, Object> payment(String debtorIban, String amount) {
        Map<String, Object> body = new HashMap<>();
        body.put("idempotencyKey", UUID.randomUUID().toString());
        body.put("paymentProduct", "sepa-credit-transfers");
        body.put("tppId", "PSDDE-BAFIN-222222");
        body.put("tppName", "Beta Payments");
        if (debtorIban != null) {
            body.put("debtorAccount", ref(debtorIban));
        }
        body.put("creditorName", "Max Creditor");
        body.put("creditorAccount", Map.of("iban", FOREIGN));
        body.put("instructedAmount", Map.of("currency", "EUR", "amount", amount));
        body.put("remittanceInformationUnstructured", "Invoice 42");
        body.put("endToEndIdentification", "E2E-" + UUID.randomUUID().toString().substring(0, 8));
        body.put("returnUrl", RETURN_URL + UUID.randomUUID());
        return body;
    }

    static Response submitPayment(Map<String, Object> body) {
        return api().body(body).post("/bank/v1/payments").then().statusCode(201).extract().response();
    }

    static Response getPayment(String id) {
        return api().get("/bank/v1/payments/" + id).then().statusCode(200).extract().response();
    }

    static String balance(String consentId, String accountId, String type) {
        List<Map<String, Object>> balances = api().get("/bank/v1/consents/" + consentId + "/accounts/" + accountId + "/balances")
                .then().statusCode(200).extract().path("balances");
        return balances.stream().filter(b -> type.equals(b.get("balanceType")))
                .map(b -> (String) ((Map<?, ?>) b.get("balanceAmount")).get("amount")).findFirst().orElseThrow();
    }

    /** Polls until the condition holds (the settlement job runs every second); fails after a generous bound. */
    static void eventually(Supplier<Boolean> condition, String what) {
        long deadline = System.currentTimeMillis() + 60_000;
        while (!condition.get()) {
            if (System.currentTimeMillis() > deadline) {
                throw new AssertionError("never happened: " + what);
            }
            try {
                Thread.sleep(250);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted waiting for " + what);
            }
        }
    }
}
