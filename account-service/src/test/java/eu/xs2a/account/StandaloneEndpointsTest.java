package eu.xs2a.account;

import static eu.xs2a.account.support.Calls.P;
import static eu.xs2a.account.support.Calls.error;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.notNullValue;

import eu.xs2a.account.support.Calls;
import eu.xs2a.account.support.NoNeighboursResource;
import eu.xs2a.account.support.Tpps;
import eu.xs2a.testsupport.TestPkiResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Everything that is decided before (or without) the neighbours: the signature pipeline, roles, input validation,
 * product templates, and what happens when consent-service cannot be reached.
 */
@QuarkusTest
@QuarkusTestResource(value = TestPkiResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = NoNeighboursResource.class, restrictToAnnotatedClass = true)
class StandaloneEndpointsTest {

    private static final String CONSENT = "some-consent";

    @Test
    void anUnsignedRequestIsRefused() {
        Response r = given().header("X-Request-ID", java.util.UUID.randomUUID().toString())
                .header("Consent-ID", CONSENT).get(P + "/accounts");
        r.then().statusCode(401);
        org.junit.jupiter.api.Assertions.assertTrue(
                java.util.List.of("CertificateMissing", "SignatureMissing").contains(r.path("error_text")),
                "was " + r.asString());
    }

    @Test
    void aCertificateWithoutTheAispRoleMayNotReadAccounts() {
        error(Calls.get(Tpps.PISP, P + "/accounts", CONSENT), 401, "RoleInvalid");
        error(Calls.postJson(Tpps.PISP, P + "/accounts/refresh", CONSENT, "{}"), 401, "RoleInvalid");
    }

    @Test
    void anAispCertificateWithoutFundsRolesMayNotConfirmFunds() {
        eu.xs2a.testsupport.TestTpp aispOnly = eu.xs2a.testsupport.TestPki.shared()
                .tpp("PSDDE-BAFIN-710009", "AISP only", eu.xs2a.security.tpp.Role.PSP_AI);
        error(Calls.postJson(aispOnly, P + "/funds-confirmations", CONSENT, funds("DE89370400440532013000", "1.00",
                "EUR")), 401, "RoleInvalid");
    }

    @Test
    void consentIdIsRequired() {
        error(Calls.get(Tpps.ALPHA, P + "/accounts", Map.of()), 400, "FormatError");
        error(Calls.get(Tpps.ALPHA, P + "/accounts/abc/balances", Map.of()), 400, "FormatError");
        error(Calls.post(Tpps.ALPHA, P + "/accounts/refresh", Map.of("Content-Type", "application/json"), "{}"),
                400, "FormatError");
        error(Calls.post(Tpps.BETA, P + "/funds-confirmations", Map.of("Content-Type", "application/json"),
                funds("DE89370400440532013000", "1.00", "EUR")), 400, "FormatError");
    }

    @Test
    void anUnknownProviderIsResourceUnknown() {
        error(Calls.get(Tpps.ALPHA, "/nobank/api/berlingroup/v1/accounts", CONSENT), 404, "ResourceUnknown");
        error(Calls.get(Tpps.ALPHA, "/nobank/api/berlingroup/v1/aspsps/product_templates", Map.of()), 404,
                "ResourceUnknown");
        // also before a transaction query is judged: its default dateTo is a date of the provider's calendar
        error(Calls.get(Tpps.ALPHA, "/nobank/api/berlingroup/v1/accounts/x/transactions?bookingStatus=booked",
                CONSENT), 404, "ResourceUnknown");
    }

    @Test
    void anAccountIdTheTppNeverSawIsResourceUnknown() {
        error(Calls.get(Tpps.ALPHA, P + "/accounts/3dc3d5b3-7023-4848-9853-f5400a64e80f", CONSENT), 404,
                "ResourceUnknown");
        error(Calls.get(Tpps.ALPHA, P + "/accounts/DE89370400440532013000/balances", CONSENT), 404,
                "ResourceUnknown");
        error(Calls.get(Tpps.ALPHA, P + "/accounts/x/transactions?bookingStatus=booked&dateFrom=2024-01-01",
                CONSENT), 404, "ResourceUnknown");
        error(Calls.get(Tpps.ALPHA, P + "/accounts/x/transactions/t1", CONSENT), 404, "ResourceUnknown");
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "dateFrom=2024-01-01",
            "bookingStatus=&dateFrom=2024-01-01",
            "bookingStatus=all&dateFrom=2024-01-01",
            "bookingStatus=BOOKED&dateFrom=2024-01-01",
            "bookingStatus=information&dateFrom=yesterday",
            "bookingStatus=information&size=0",
            "bookingStatus=information&deltaList=true",
            "bookingStatus=booked",
            "bookingStatus=booked&dateFrom=01.01.2024",
            "bookingStatus=booked&dateFrom=2024-02-30",
            "bookingStatus=both&dateFrom=2024-03-02&dateTo=2024-03-01",
            "bookingStatus=both&dateFrom=2024-03-01&dateTo=tomorrow",
            "bookingStatus=both&dateFrom=2024-03-01&withBalance=yes",
            "bookingStatus=both&dateFrom=2024-03-01&size=101",
            "bookingStatus=both&dateFrom=2024-03-01&size=0",
            "bookingStatus=both&dateFrom=2024-03-01&page=-1",
            "bookingStatus=both&dateFrom=2024-03-01&page=two",
            "bookingStatus=both&dateFrom=2024-03-01&page=%D9%A5",
            "bookingStatus=both&dateFrom=2024-03-01&size=100&page=21474837",
            "bookingStatus=booked&entryReferenceFrom=ER0000000230",
            "bookingStatus=booked&entryReferenceFrom=-5",
            "bookingStatus=booked&entryReferenceFrom=12&deltaList=true",
            "bookingStatus=both&entryReferenceFrom=12",
            "bookingStatus=pending&deltaList=true",
            "bookingStatus=booked&deltaList=true&page=1",
            "bookingStatus=booked&deltaList=true&dateFrom=yesterday",
            "bookingStatus=booked&dateFrom=2024-03-01&deltaList=maybe"})
    void badTransactionQueriesAreFormatErrors(String query) {
        error(Calls.get(Tpps.ALPHA, P + "/accounts/any/transactions?" + query, CONSENT), 400, "FormatError");
    }

    /** Berlin Group's own 400 codes, of class FormatError: a reversed period, parameters that do not fit. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "accounts/any/transactions?bookingStatus=both&dateFrom=2024-03-02&dateTo=2024-03-01 | PERIOD_INVALID"
                    + " | dateFrom",
            "accounts/any/transactions?bookingStatus=booked&entryReferenceFrom=12&deltaList=true"
                    + " | PARAMETER_NOT_CONSISTENT |",
            "accounts/any/transactions?bookingStatus=pending&deltaList=true | PARAMETER_NOT_CONSISTENT |",
            "accounts/any/transactions?bookingStatus=booked&deltaList=true&page=1 | PARAMETER_NOT_CONSISTENT |",
            "card-accounts/any/transactions?bookingStatus=booked&dateFrom=2024-03-01&deltaList=true"
                    + " | PARAMETER_NOT_SUPPORTED | deltaList",
            "card-accounts/any/transactions?bookingStatus=information | PARAMETER_NOT_SUPPORTED | bookingStatus",
            "accounts/any/transactions?bookingStatus=booked&dateFrom=01.01.2024 | FORMAT_ERROR | dateFrom"})
    void transactionQueriesCarryTheStandardsMessageCode(String path, String code, String parameter) {
        Response refused = Calls.get(Tpps.ALPHA, P + "/" + path, CONSENT);
        error(refused, 400, "FormatError");
        refused.then().body("error_code", equalTo(code)).body("tppMessages[0].code", equalTo(code))
                .body("tppMessages[0].path", equalTo(parameter));
    }

    /** deltaList=false asks for the plain report: past validation, the unknown account id is what is refused. */
    @Test
    void deltaListFalseIsNoDeltaReport() {
        error(Calls.get(Tpps.ALPHA, P + "/accounts/any/transactions?bookingStatus=booked&dateFrom=2024-03-01"
                + "&deltaList=false", CONSENT), 404, "ResourceUnknown");
    }

    @Test
    void withBalanceMustBeABoolean() {
        error(Calls.get(Tpps.ALPHA, P + "/accounts?withBalance=1", CONSENT), 400, "FormatError");
        error(Calls.get(Tpps.ALPHA, P + "/accounts/any?withBalance=maybe", CONSENT), 400, "FormatError");
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"initiatedByCustomer\": \"true\"}", "{\"initiatedByCustomer\": 1}", "[true]",
            "{\"initiatedByCustomer\": tru", "true"})
    void aRefreshBodyThatIsNotABooleanIsAFormatError(String body) {
        error(Calls.postJson(Tpps.ALPHA, P + "/accounts/refresh", CONSENT, body), 400, "FormatError");
    }

    @ParameterizedTest
    @ValueSource(strings = {"text/plain", "application/xml", "application/octet-stream"})
    void aRefreshBodyThatIsNotJsonIsAFormatError(String contentType) {
        error(Calls.post(Tpps.ALPHA, P + "/accounts/refresh",
                Map.of("Consent-ID", CONSENT, "Content-Type", contentType), "{\"initiatedByCustomer\": true}"),
                400, "FormatError");
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "{}",
            "{\"instructedAmount\": {\"currency\": \"EUR\", \"amount\": \"1.00\"}}",
            "{\"account\": \"DE89370400440532013000\", \"instructedAmount\": {\"currency\": \"EUR\", \"amount\": \"1\"}}",
            "{\"account\": {}, \"instructedAmount\": {\"currency\": \"EUR\", \"amount\": \"1.00\"}}",
            "{\"account\": {\"iban\": 12}, \"instructedAmount\": {\"currency\": \"EUR\", \"amount\": \"1.00\"}}",
            "{\"account\": {\"iban\": \"DE89370400440532013000\"}}",
            "{\"account\": {\"iban\": \"DE89370400440532013000\"}, \"instructedAmount\": {\"currency\": \"EUR\"}}",
            "{\"account\": {\"iban\": \"DE89370400440532013000\"}, \"instructedAmount\": {\"amount\": \"1.00\"}}",
            "{\"account\": {\"iban\": \"DE89370400440532013000\"}, \"instructedAmount\": {\"currency\": \"EUR\", \"amount\": 1.00}}",
            "{\"account\": {\"iban\": \"DE89370400440532013000\"}, \"instructedAmount\": {\"currency\": \"EUR\", \"amount\": \"-1.00\"}}",
            "{\"account\": {\"iban\": \"DE89370400440532013000\"}, \"instructedAmount\": {\"currency\": \"EUR\", \"amount\": \"0.00\"}}",
            "{\"account\": {\"iban\": \"DE89370400440532013000\"}, \"instructedAmount\": {\"currency\": \"EUR\", \"amount\": \"1.001\"}}",
            "{\"account\": {\"iban\": \"DE89370400440532013000\"}, \"instructedAmount\": {\"currency\": \"EUR\", \"amount\": \"1,00\"}}",
            "{\"account\": {\"iban\": \"DE89370400440532013000\"}, \"instructedAmount\": {\"currency\": \"EUR\", \"amount\": \"1e3\"}}",
            "{\"account\": {\"iban\": \"DE89370400440532013000\"}, \"instructedAmount\": {\"currency\": \"eur\", \"amount\": \"1.00\"}}",
            "{\"account\": {\"iban\": \"DE89370400440532013000\"}, \"instructedAmount\": {\"currency\": \"EURO\", \"amount\": \"1.00\"}}",
            "{\"account\": {\"iban\": \"DE89370400440532013000\"}, \"instructedAmount\": {\"currency\": \"QQQ\", \"amount\": \"1.00\"}}",
            "{\"account\": {\"iban\": \"DE89370400440532013000\"}, \"instructedAmount\": {\"currency\": \"JPY\", \"amount\": \"1.5\"}}",
            "{\"account\": {\"iban\": \"DE89370400440532013000\"}, \"cardNumber\": 1234, \"instructedAmount\": {\"currency\": \"EUR\", \"amount\": \"1.00\"}}",
            "{\"account\": {\"iban\": \"DE88370400440532013000\"}, \"instructedAmount\": {\"currency\": \"EUR\", \"amount\": \"1.00\"}}",
            // the Berlin Group shapes of the other identifiers, which consent-service's lookup would refuse
            "{\"account\": {\"bban\": \"3704 0044 05\"}, \"instructedAmount\": {\"currency\": \"EUR\", \"amount\": \"1.00\"}}",
            "{\"account\": {\"bban\": \"1234567890123456789012345678901\"}, \"instructedAmount\": {\"currency\": \"EUR\", \"amount\": \"1.00\"}}",
            "{\"account\": {\"msisdn\": \"+49 170 1234567 1234567 1234567 1234567\"}, \"instructedAmount\": {\"currency\": \"EUR\", \"amount\": \"1.00\"}}",
            "{\"account\": {\"maskedPan\": \"123456xxxxxx1234123456xxxxxx12341234\"}, \"instructedAmount\": {\"currency\": \"EUR\", \"amount\": \"1.00\"}}",
            "not json"})
    void badFundsConfirmationBodiesAreFormatErrors(String body) {
        error(Calls.postJson(Tpps.BETA, P + "/funds-confirmations", CONSENT, body), 400, "FormatError");
    }

    @Test
    void consentServiceDownIsServiceUnavailableWithRetryAfter() {
        Response r = Calls.get(Tpps.ALPHA, P + "/accounts", CONSENT);
        error(r, 503, "ServiceUnavailable");
        r.then().header("Retry-After", notNullValue());
        error(Calls.postJson(Tpps.BETA, P + "/funds-confirmations", CONSENT,
                funds("DE89370400440532013000", "10.50", "EUR")), 503, "ServiceUnavailable");
        error(Calls.postJson(Tpps.ALPHA, P + "/accounts/refresh", CONSENT, "{\"initiatedByCustomer\": true}"),
                503, "ServiceUnavailable");
        error(Calls.get(Tpps.ALPHA, P + "/accounts/refresh/status", CONSENT), 503, "ServiceUnavailable");
    }

    @Test
    void productTemplatesListTheProvidersProductsWithNamesAndRequiredFields() {
        Calls.get(Tpps.ALPHA, P + "/aspsps/product_templates", Map.of()).then().statusCode(200)
                .body("productTemplates.paymentProduct",
                        hasItems("service-payment", "sepa-credit-transfers", "instant-sepa-credit-transfers",
                                "target-2-payments", "cross-border-credit-transfers"))
                .body("productTemplates", hasSize(7))
                .body("productTemplates.find { it.paymentProduct == 'cross-border-credit-transfers' }.requiredFields",
                        hasItems("creditorAgent", "creditorAddress.country"))
                // the XML products name their fields by the pain.001 document's elements
                .body("productTemplates.find { it.paymentProduct == 'pain.001-sepa-credit-transfers' }.requiredFields",
                        hasItems("CdtTrfTxInf.Amt.InstdAmt", "CdtTrfTxInf.CdtrAcct.Id.IBAN", "CdtTrfTxInf.Cdtr.Nm"))
                .body("productTemplates.find { it.paymentProduct == 'pain.001-instant-sepa-credit-transfers' }.name",
                        equalTo("Instant SEPA Credit Transfer (pain.001)"))
                .body("productTemplates.find { it.paymentProduct == 'sepa-credit-transfers' }.name",
                        equalTo("SEPA Credit Transfer"))
                .body("productTemplates.find { it.paymentProduct == 'sepa-credit-transfers' }.requiredFields",
                        hasItems("instructedAmount.amount", "instructedAmount.currency", "creditorAccount.iban",
                                "creditorName"))
                // run as a SEPA credit transfer by payment-service: the same fields
                .body("productTemplates.find { it.paymentProduct == 'service-payment' }.requiredFields",
                        hasItems("creditorAccount.iban"))
                .body("productTemplates.find { it.paymentProduct == 'service-payment' }.optionalFields",
                        hasItems("debtorAccount"));
        Calls.get(Tpps.PISP, "/sandbox2/api/berlingroup/v1/aspsps/product_templates", Map.of()).then()
                .statusCode(200)
                .body("productTemplates", hasSize(1))
                .body("productTemplates[0].paymentProduct", equalTo("sepa-credit-transfers"));
    }

    @Test
    void errorsEchoTheRequestId() {
        Calls.get(Tpps.ALPHA, P + "/accounts", Map.of()).then().statusCode(400)
                .header("X-Request-ID", notNullValue())
                .body("error_message", containsString("Consent-ID"));
    }

    @Test
    void theServiceTokenIsAShortLivedRs256JwtForConsentService() throws Exception {
        String bearer = tokens.bearer();
        org.junit.jupiter.api.Assertions.assertTrue(bearer.startsWith("Bearer "));
        org.junit.jupiter.api.Assertions.assertEquals(bearer, tokens.bearer(), "cached, not signed per call");
        org.jose4j.jwt.consumer.JwtConsumer consumer = new org.jose4j.jwt.consumer.JwtConsumerBuilder()
                .setVerificationKey(eu.xs2a.account.support.ServiceKeys.shared().publicKey())
                .setExpectedIssuer("xs2a-gateway")
                .setExpectedAudience("consent-service")
                .setRequireExpirationTime()
                .setJwsAlgorithmConstraints(org.jose4j.jwa.AlgorithmConstraints.ConstraintType.PERMIT, "RS256")
                .build();
        org.jose4j.jwt.JwtClaims claims = consumer.processToClaims(bearer.substring("Bearer ".length()));
        long lifetime = claims.getExpirationTime().getValue() - claims.getIssuedAt().getValue();
        org.junit.jupiter.api.Assertions.assertTrue(lifetime > 0 && lifetime <= 600, "lifetime " + lifetime);
        org.junit.jupiter.api.Assertions.assertEquals("account-service", claims.getSubject());
    }

    @jakarta.inject.Inject
    eu.xs2a.account.consent.ServiceTokenIssuer tokens;

    private static String funds(String iban, String amount, String currency) {
        return "{\"account\": {\"iban\": \"" + iban + "\"}, \"instructedAmount\": {\"currency\": \"" + currency
                + "\", \"amount\": \"" + amount + "\"}}";
    }
}
