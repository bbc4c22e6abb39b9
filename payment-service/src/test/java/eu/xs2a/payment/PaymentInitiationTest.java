package eu.xs2a.payment;

import eu.xs2a.testsupport.BankDates;
import static eu.xs2a.payment.support.Payments.SCT;
import static eu.xs2a.payment.support.Payments.body;
import static eu.xs2a.payment.support.Payments.headers;
import static eu.xs2a.payment.support.Payments.initiate;
import static eu.xs2a.payment.support.Tpps.ALPHA;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.instanceOf;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;

import eu.xs2a.payment.support.Errors;
import eu.xs2a.payment.support.Payments;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.time.LocalDate;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** POST P/v1/payments/{payment_product}: the answer, the products, and every validation rule of issue 8. */
@QuarkusTest
class PaymentInitiationTest {

    private static final String VALID = body("12.30");

    private static Response post(Map<String, String> headers, String body) {
        return initiate(ALPHA, "sandbox", SCT, headers, body);
    }

    private static String withField(String field, String json) {
        return VALID.replaceFirst("\\{", "{\"" + field + "\": " + json + ", ");
    }

    @Test
    void createdWithRedirectLinksAndHeaders() {
        Response response = post(headers(), VALID);
        response.then()
                .statusCode(201)
                .header("ASPSP-SCA-Approach", "REDIRECT")
                .body("transactionStatus", equalTo("RCVD"));
        String id = response.jsonPath().getString("paymentId");
        String self = "/sandbox/api/berlingroup/v1/payments/sepa-credit-transfers/" + id;
        response.then()
                .header("Location", endsWith(self))
                .body("_links.self.href", equalTo(self))
                .body("_links.status.href", equalTo(self + "/status"))
                .body("_links.scaStatus.href", startsWith(self + "/authorisations/"))
                .body("_links.scaRedirect.href", matchesPattern(
                        "https?://[^/]+" + self + "/authorisations/[0-9a-f-]{36}/sca-redirect\\?token=[A-Za-z0-9_-]{43}"))
                .body("_links.startAuthorisation", nullValue());
        // paymentId is a JSON string (Berlin Group schema paymentId): 192 random bits, base64url, as consent ids are
        response.then().body("paymentId", instanceOf(String.class))
                .body("paymentId", matchesPattern("[A-Za-z0-9_-]{32}"));
    }

    @Test
    void explicitAuthorisationPreferredGivesStartAuthorisationInstead() {
        Response response = post(headers("TPP-Explicit-Authorisation-Preferred", "true"), VALID);
        String id = response.then().statusCode(201).extract().jsonPath().getString("paymentId");
        String self = "/sandbox/api/berlingroup/v1/payments/sepa-credit-transfers/" + id;
        response.then()
                .body("_links.startAuthorisation.href", equalTo(self + "/authorisations"))
                .body("_links.scaRedirect", nullValue())
                .body("_links.scaStatus", nullValue());
    }

    @Test
    void everyProductOfTheProviderWorks() {
        initiate(ALPHA, "sandbox", "service-payment", headers(), VALID).then().statusCode(201);
        initiate(ALPHA, "sandbox", "instant-sepa-credit-transfers", headers(), VALID).then().statusCode(201);
        initiate(ALPHA, "sandbox2", SCT, headers(), VALID).then().statusCode(201);
    }

    @Test
    void productErrors() {
        Errors.expect(initiate(ALPHA, "sandbox", "swift-credit-transfers", headers(), VALID), 404, "ProductUnknown");
        Errors.expect(initiate(ALPHA, "sandbox2", "cross-border-credit-transfers", headers(), VALID), 403, "ProductInvalid");
        Errors.expect(initiate(ALPHA, "sandbox2", "instant-sepa-credit-transfers", headers(), VALID), 403, "ProductInvalid");
        Errors.expect(initiate(ALPHA, "sandbox2", "service-payment", headers(), VALID), 403, "ProductInvalid");
        Errors.expect(initiate(ALPHA, "no-such-bank", SCT, headers(), VALID), 404, "ResourceUnknown");
    }

    @Test
    void psuIpAddressIsRequired() {
        Errors.expect(post(headers("PSU-IP-Address", null), VALID), 400, "FormatError");
        Errors.expect(post(headers("PSU-IP-Address", "not-an-ip"), VALID), 400, "FormatError");
        post(headers("PSU-IP-Address", "2001:db8::1"), VALID).then().statusCode(201);
    }

    @Test
    void redirectPreferenceMustBeABoolean() {
        Errors.expect(post(headers("TPP-Redirect-Preferred", "yes"), VALID), 400, "BadRequest");
        Errors.expect(post(headers("TPP-Explicit-Authorisation-Preferred", "1"), VALID), 400, "BadRequest");
        post(headers("TPP-Redirect-Preferred", "TRUE"), VALID).then().statusCode(201);
    }

    @Test
    void redirectUriRequiredWhenRedirectIsPreferred() {
        Errors.expect(post(headers("TPP-Redirect-URI", null), VALID), 400, "FormatError");
        Map<String, String> noRedirect = headers("TPP-Redirect-URI", null);
        noRedirect.put("TPP-Redirect-Preferred", "false");
        noRedirect.remove("TPP-Nok-Redirect-URI");
        post(noRedirect, VALID).then().statusCode(201);
    }

    @ParameterizedTest
    @ValueSource(strings = {"tpp.example/cb", "ftp://tpp.example/cb", "http://tpp.example/cb",
            "https://tpp.example/cb#fragment", "https:///path-only", "javascript:alert(1)"})
    void redirectUriRules(String uri) {
        Errors.expect(post(headers("TPP-Redirect-URI", uri), VALID), 400, "FormatError");
        Errors.expect(post(headers("TPP-Nok-Redirect-URI", uri), VALID), 400, "FormatError");
    }

    @Test
    void redirectUriLongerThan500IsRefused() {
        String longUri = "https://tpp.example/" + "a".repeat(481);
        Errors.expect(post(headers("TPP-Redirect-URI", longUri), VALID), 400, "FormatError");
        post(headers("TPP-Redirect-URI", "http://localhost:9999/cb"), VALID).then().statusCode(201);
    }

    @Test
    void psuIdLongerThan50IsRefused() {
        Errors.expect(post(headers("PSU-ID", "p".repeat(51)), VALID), 400, "FormatError");
    }

    /** The signer sends non-ASCII as UTF-8: 50 "ü" are 100 octets and 50 characters. */
    @Test
    void psuIdLimitCountsCharactersOfItsUtf8Text() {
        post(headers("PSU-ID", "ü".repeat(50)), VALID).then().statusCode(201);
        Errors.expect(post(headers("PSU-ID", "ü".repeat(51)), VALID), 400, "FormatError")
                .body("error_message", containsString("PSU-ID"));
    }

    @Test
    void contentTypeAndJsonShape() {
        Errors.expect(post(headers("Content-Type", "text/plain"), VALID), 400, "FormatError");
        Errors.expect(post(headers(), "{\"instructedAmount\": "), 400, "FormatError");
        Errors.expect(post(headers(), "[]"), 400, "FormatError");
        Errors.expect(post(headers(), ""), 400, "FormatError");
        // the field named in the TPP's words, never Jackson's message about Java types
        Errors.expect(post(headers(), VALID.replace("\"12.30\"", "12.30")), 400, "FormatError")
                .body("error_message", equalTo("Field 'instructedAmount.amount' has a wrong type or value"));
        Errors.expect(post(headers(), VALID.replace("{\"iban\": \"" + Payments.CREDITOR_IBAN + "\"}", "\"DE89\"")),
                400, "FormatError").body("error_message", equalTo("Field 'creditorAccount' has a wrong type or value"));
        Errors.expect(post(headers(), "{\"instructedAmount\": "), 400, "FormatError")
                .body("error_message", equalTo("The request body is not valid JSON (line 1, column 22)"));
        // PostgreSQL cannot store a NUL, and the bank would fail on it at every retry; a key given twice is ambiguous
        Errors.expect(post(headers(), VALID.replace("Merchant GmbH", "Merch\\u0000ant")), 400, "FormatError")
                .body("error_message", equalTo("Field 'creditorName' has a wrong type or value"));
        // half of a surrogate pair has no UTF-8 form: it was stored, and sent to the bank, as '?'
        Errors.expect(post(headers(), VALID.replace("Merchant GmbH", "Merchant \\ud83d")), 400, "FormatError")
                .body("error_message", equalTo("Field 'creditorName' has a wrong type or value"));
        Errors.expect(post(headers(), VALID.replaceFirst("\\{", "{\"remittanceInformationUnstructured\": \"a\", ")),
                400, "FormatError");
    }

    @Test
    void unknownFieldsAreIgnoredAndNoClientSetsTheStatus() {
        post(headers(), withField("transactionStatus", "\"ACSC\"")).then()
                .statusCode(201).body("transactionStatus", equalTo("RCVD"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "creditorName|",
            "creditorAccount|",
            "instructedAmount|",
    })
    void requiredFields(String field, String ignored) {
        String body = VALID.replaceAll("\"" + field + "\": (\\{[^}]*\\}|\"[^\"]*\"),", "");
        Errors.expect(post(headers(), body), 400, "FormatError");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "\"12.345\"|EUR", "\"0.00\"|EUR", "\"-1.00\"|EUR", "\"abc\"|EUR", "\"10.5\"|JPY", "\"1.00\"|EURO",
            "\"1.00\"|XYZ", "\"1.00\"|eur"})
    void amountsAndCurrencies(String amount, String currency) {
        String body = VALID.replace("\"EUR\", \"amount\": \"12.30\"", "\"" + currency + "\", \"amount\": " + amount);
        Errors.expect(post(headers(), body), 400, "FormatError");
    }

    @Test
    void ibanCheckDigits() {
        Errors.expect(post(headers(), VALID.replace(Payments.CREDITOR_IBAN, "DE89370400440532013001")), 400, "FormatError");
        Errors.expect(post(headers(), withField("debtorAccount", "{\"iban\": \"DE00123\"}")), 400, "FormatError");
    }

    @Test
    void countryMustBeIso3166Alpha2() {
        Errors.expect(post(headers(), VALID.replace("\"country\": \"DE\"", "\"country\": \"Germany\"")), 400,
                "CountryNameInvalid");
        Errors.expect(post(headers(), VALID.replace("\"country\": \"DE\"", "\"country\": \"XX\"")), 400,
                "CountryNameInvalid");
    }

    /** A field's own rule is answered with the standard body, naming the field; several faults are named at once. */
    @Test
    void fieldRulesAnswerTheStandardBody() {
        Errors.expect(post(headers(), VALID.replace("\"country\": \"DE\"", "\"country\": null")), 400,
                "CountryNameInvalid").body("error_code", equalTo("FORMAT_ERROR"))
                .body("tppMessages[0].text", equalTo("creditorAddress.country is required (an ISO 3166 alpha-2 country code)"));
        Errors.expect(post(headers(), withField("debtorAccount", "{\"iban\": \"DE49100200300100000011\","
                        + " \"swiftCode\": \"sbox{x}\", \"sortCode\": \"12-34-56\"}")), 400, "FormatError")
                .body("error_message", equalTo("debtorAccount.sortCode must be 6 digits;"
                        + " debtorAccount.swiftCode 'sbox{x}' is not a BIC"));
        Errors.expect(post(headers(), VALID.replace("Merchant GmbH", " ")), 400, "FormatError")
                .body("error_message", equalTo("creditorName is required"));
    }

    @Test
    void requestedExecutionDateInThePast() {
        Errors.expect(post(headers(), withField("requestedExecutionDate",
                "\"" + BankDates.today().minusDays(2) + "\"")), 400, "FormatError");
        Errors.expect(post(headers(), withField("requestedExecutionDate", "\"21.11.2026\"")), 400, "FormatError");
        Errors.expect(post(headers(), withField("requestedExecutionDate", "\"+999999999-12-31\"")), 400, "FormatError");
        post(headers(), withField("requestedExecutionDate", "\"" + BankDates.today().plusDays(3) + "\""))
                .then().statusCode(201);
    }

    @Test
    void oversizeStrings() {
        Errors.expect(post(headers(), VALID.replace("Invoice 4711", "r".repeat(141))), 400, "FormatError");
        Errors.expect(post(headers(), VALID.replace("E2E-4711", "e".repeat(36))), 400, "FormatError");
        Errors.expect(post(headers(), VALID.replace("Merchant GmbH", "m".repeat(71))), 400, "FormatError");
        Errors.expect(post(headers(), withField("creditorAgentName", "\"" + "a".repeat(71) + "\"")), 400, "FormatError");
        post(headers(), VALID.replace("Invoice 4711", "r".repeat(140)).replace("E2E-4711", "e".repeat(35)))
                .then().statusCode(201);
    }
}
