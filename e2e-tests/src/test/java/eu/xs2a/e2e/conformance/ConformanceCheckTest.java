package eu.xs2a.e2e.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The conformance check itself, without the stack: it accepts what the files allow, refuses what they do not
 * (missing required field, unknown enum value, unknown property, missing required header, undefined status), and
 * waives exactly the {@link KnownDifferences}, no more.
 */
class ConformanceCheckTest {

    private static final String CONSENTS = "/sandbox/api/berlingroup/v1/consents";
    private static final String CREATED = """
            {"consentStatus":"received","consentId":"c-1",
             "_links":{"scaRedirect":{"href":"http://localhost:8080/x"},"scaStatus":{"href":"/sandbox/api/berlingroup/v1/consents/c-1/authorisations/a-1"}}}""";
    private static final String ERROR_401 = """
            {"tppMessages":[{"category":"ERROR","code":"CONSENT_UNKNOWN","text":"no such consent"}],
             "error_code":"CONSENT_UNKNOWN","error_text":"ConsentUnknown","error_message":"no such consent"}""";

    private static final String DEBTOR = "\"debtorAccount\":{\"iban\":\"DE26100200300100000037\",\"currency\":\"EUR\"},";
    /** A payment read: the debtor account (or nothing) and the transactionStatus to be filled in. */
    private static final String PAYMENT = """
            {%s"instructedAmount":{"currency":"EUR","amount":"3.00"},"creditorAccount":{"iban":"DE89370400440532013000"},\
            "creditorName":"Merchant GmbH","transactionStatus":"%s"}""";

    /** A report of standing orders (bookingStatus=information): the entry as the file's transactionDetails has it. */
    private static final String STANDING_ORDERS = """
            {"account":{"iban":"DE49100200300100000011","currency":"EUR"},
             "transactions":{"information":[{"endToEndId":"E2E-1","transactionAmount":{"currency":"EUR","amount":"-42.10"},
               "creditorName":"Landlord KG","creditorAccount":{"iban":"DE89370400440532013000"},
               "remittanceInformationUnstructured":"Rent",
               "additionalInformationStructured":{"standingOrderDetails":{"startDate":"2027-01-15","frequency":"Monthly",
                 "executionRule":"preceding","dayOfExecution":"15"}}}],
              "_links":{"account":{"href":"/sandbox/api/berlingroup/v1/accounts/a-1"}}}}""";
    private static final String REPORT = "/sandbox/api/berlingroup/v1/accounts/a-1/transactions";

    /** STANDING_ORDERS waives the information list (1.3.8's) only: its entries are still checked. */
    @Test
    void aStandingOrderReportIsWaivedOnlyWithEntriesTheFileAllows() {
        assertEquals(List.of(), BerlinGroupSpec.violations(report(STANDING_ORDERS)));
        assertFalse(BerlinGroupSpec.violations(report(STANDING_ORDERS.replace("Monthly", "Hourly"))).isEmpty(),
                "a frequency the file does not have");
        assertFalse(BerlinGroupSpec.violations(report(STANDING_ORDERS.replace("\"dayOfExecution\":\"15\"",
                "\"dayOfExecution\":\"15\",\"nextRun\":1"))).isEmpty(), "a field standingOrderDetails lacks");
        assertFalse(BerlinGroupSpec.violations(report(STANDING_ORDERS.replace(
                "\"additionalInformationStructured\"", "\"otherStructured\""))).isEmpty(), "no standing order details");
        assertFalse(BerlinGroupSpec.violations(report(STANDING_ORDERS.replace("\"information\":[",
                "\"booked\":[],\"information\":["))).isEmpty(), "information beside booked");
    }

    private static Exchange report(String body) {
        return new Exchange("GET", REPORT, 200, withRequestId(json()), body);
    }

    @Test
    void aConformingConsentCreationPasses() {
        assertEquals(List.of(), BerlinGroupSpec.violations(created(CREATED)));
    }

    @Test
    void aMissingRequiredFieldIsReported() {
        List<String> violations = BerlinGroupSpec.violations(created(CREATED.replace("\"consentStatus\":\"received\",", "")));
        assertTrue(violations.stream().anyMatch(v -> v.contains("required") && v.contains("consentStatus")), violations.toString());
    }

    @Test
    void anUnknownEnumValueIsReported() {
        List<String> violations = BerlinGroupSpec.violations(created(CREATED.replace("received", "approvedMaybe")));
        assertTrue(violations.stream().anyMatch(v -> v.contains("enum")), violations.toString());
    }

    @Test
    void theConsentStatusAcceptedIsTheOnlyWaivedExtraStatus() {
        assertEquals(List.of(), BerlinGroupSpec.violations(created(CREATED.replace("received", "accepted"))));
        Exchange status = new Exchange("GET", CONSENTS + "/c-1/status", 200, withRequestId(json()),
                "{\"consentStatus\":\"accepted\"}");
        assertEquals(List.of(), BerlinGroupSpec.violations(status));
        assertFalse(BerlinGroupSpec.violations(new Exchange("GET", CONSENTS + "/c-1/status", 200,
                withRequestId(json()), "{\"consentStatus\":\"acceptedMaybe\"}")).isEmpty(), "another value");
    }

    /** The confirmation-of-funds file wraps its create answer in a oneOf: accepted is waived there too, nothing else. */
    @Test
    void aFundsConsentCreatedAsAcceptedIsWaivedToo() {
        String created = CREATED.replace("/v1/consents/", "/v2/consents/confirmation-of-funds/");
        assertEquals(List.of(), BerlinGroupSpec.violations(fundsCreated(created)));
        assertEquals(List.of(), BerlinGroupSpec.violations(fundsCreated(created.replace("received", "accepted"))));
        assertFalse(BerlinGroupSpec.violations(fundsCreated(created.replace("received", "acceptedMaybe"))).isEmpty(),
                "another value");
        String acceptedAndMore = created.replace("received", "accepted")
                .replace("{\"consentStatus\"", "{\"internalState\":1,\"consentStatus\"");
        assertFalse(BerlinGroupSpec.violations(fundsCreated(acceptedAndMore)).isEmpty(), "accepted with another difference");
    }

    @Test
    void anUnknownPropertyIsReported() {
        List<String> violations = BerlinGroupSpec.violations(created(CREATED.replace("{\"consentStatus\"", "{\"internalState\":1,\"consentStatus\"")));
        assertTrue(violations.stream().anyMatch(v -> v.contains("additionalProperties") && v.contains("internalState")),
                violations.toString());
    }

    @Test
    void aMissingRequiredResponseHeaderIsReported() {
        Map<String, List<String>> headers = new LinkedHashMap<>(json());
        Exchange exchange = new Exchange("POST", CONSENTS, 201, headers, CREATED);
        List<String> violations = BerlinGroupSpec.violations(exchange);
        assertTrue(violations.stream().anyMatch(v -> v.contains("header.missing")), violations.toString());
    }

    @Test
    void anUndefinedStatusIsReported() {
        Exchange exchange = new Exchange("GET", CONSENTS + "/c-1/status", 418, withRequestId(json()), "{}");
        List<String> violations = BerlinGroupSpec.violations(exchange);
        assertTrue(violations.stream().anyMatch(v -> v.contains("status.unknown")), violations.toString());
    }

    @Test
    void theInterfacesErrorFieldsAreTheOnlyWaivedExtraFields() {
        Exchange error = new Exchange("GET", CONSENTS + "/c-1", 401, withRequestId(json()), ERROR_401);
        assertEquals(List.of(), BerlinGroupSpec.violations(error));

        Exchange more = new Exchange("GET", CONSENTS + "/c-1", 401, withRequestId(json()),
                ERROR_401.replace("\"error_code\"", "\"stackTrace\":\"x\",\"error_code\""));
        assertFalse(BerlinGroupSpec.violations(more).isEmpty(), "a field beyond error_code/error_text/error_message");
    }

    @Test
    void aServiceUnavailableBodyIsTheOnlyWaivedBodyOfA503() {
        String unavailable = """
                {"tppMessages":[{"category":"ERROR","code":"SERVICE_UNAVAILABLE","text":"try again later"}],
                 "error_code":"SERVICE_UNAVAILABLE","error_text":"ServiceUnavailable","error_message":"try again later"}""";
        Map<String, List<String>> headers = withRequestId(json());
        headers.put("Retry-After", List.of("5"));
        assertEquals(List.of(), BerlinGroupSpec.violations(new Exchange("POST", CONSENTS, 503, headers, unavailable)));
        assertEquals(List.of(), BerlinGroupSpec.violations(new Exchange("GET", CONSENTS + "/c-1", 503, headers,
                unavailable)));

        assertFalse(BerlinGroupSpec.violations(new Exchange("POST", CONSENTS, 503, headers,
                unavailable.replace("\"error_text\":\"ServiceUnavailable\"", "\"error_text\":\"InternalError\"")))
                .isEmpty(), "another class with a 503");
        assertFalse(BerlinGroupSpec.violations(new Exchange("POST", CONSENTS, 503, headers, "<html>down</html>"))
                .isEmpty(), "not the error body");
    }

    @Test
    void providerPrefixAndServicePaymentMapOntoTheFilesPaths() {
        assertEquals("/v1/consents/c-1", KnownDifferences.specPath(CONSENTS + "/c-1"));
        assertEquals("/v1/payments/sepa-credit-transfers/7/status",
                KnownDifferences.specPath("/sandbox2/api/berlingroup/v1/payments/service-payment/7/status"));
        assertEquals("/v1/payments/sepa-credit-transfers",
                KnownDifferences.specPath("/sandbox/api/berlingroup/v1/payments/service-payment"));
        assertEquals("/v2/consents/confirmation-of-funds/x",
                KnownDifferences.specPath("/sandbox/api/berlingroup/v2/consents/confirmation-of-funds/x"));
        assertFalse(KnownDifferences.isBerlinGroupPath("/api/berlingroup/v1/tpp/register"));
        assertFalse(KnownDifferences.isBerlinGroupPath("/api/sandbox/v1/certificates"));
    }

    @Test
    void aFundsConsentsAuthorisationsAreCheckedAgainstTheConsentAuthorisationsOf136() {
        String authorisation = "/sandbox/api/berlingroup/v2/consents/confirmation-of-funds/c-1/authorisations/a-1";
        assertEquals("/v1/consents/c-1/authorisations/a-1",
                KnownDifferences.checkedAs(KnownDifferences.specPath(authorisation)));
        assertEquals("/v2/consents/confirmation-of-funds/c-1",
                KnownDifferences.checkedAs("/v2/consents/confirmation-of-funds/c-1"));
        assertEquals(List.of(), BerlinGroupSpec.violations(new Exchange("GET", authorisation, 200,
                withRequestId(json()), "{\"scaStatus\":\"finalised\"}")));
        assertFalse(BerlinGroupSpec.violations(new Exchange("GET", authorisation, 200, withRequestId(json()),
                "{\"scaStatus\":\"approved\"}")).isEmpty(), "not a status of 1.3.6's scaStatus");
    }

    @Test
    void theInterfacesRefreshEndpointsAreCheckedAgainstTheInterfacesWords() {
        String refresh = "/sandbox/api/berlingroup/v1/accounts/refresh";
        String ok = "{\"status\":\"processing\",\"_links\":{\"refreshStatus\":{\"href\":\"" + refresh + "/status\"}}}";
        assertEquals(List.of(), BerlinGroupSpec.violations(new Exchange("POST", refresh, 200, withRequestId(json()), ok)));
        assertFalse(BerlinGroupSpec.violations(new Exchange("POST", refresh, 200, withRequestId(json()),
                ok.replace("processing", "busy"))).isEmpty(), "a status outside the refresh States");
        assertFalse(BerlinGroupSpec.violations(new Exchange("GET", refresh + "/status", 200, withRequestId(json()),
                "{}")).isEmpty(), "status is required");
        assertEquals(List.of(), BerlinGroupSpec.violations(new Exchange("GET", refresh + "/status", 200,
                withRequestId(json()), "{\"status\":\"fetchingFinished\"}")));
    }

    @Test
    void aPaymentReadNamesItsDebtorAccountOnceThePsuHasChosenIt() {
        assertEquals(List.of(), BerlinGroupSpec.violations(paymentRead(PAYMENT.formatted(DEBTOR, "ACSC"))));
        List<String> executedWithout = BerlinGroupSpec.violations(paymentRead(PAYMENT.formatted("", "ACSC")));
        assertFalse(executedWithout.isEmpty(), "an executed payment has its debtor account chosen");
    }

    @Test
    void aPaymentReadBeforeThePsusChoiceIsWaivedForTheDebtorAccountAlone() {
        for (String status : List.of("RCVD", "RJCT", "CANC")) {
            assertEquals(List.of(), BerlinGroupSpec.violations(paymentRead(PAYMENT.formatted("", status))), status);
        }
        List<String> more = BerlinGroupSpec.violations(paymentRead(PAYMENT.formatted("", "RCVD")
                .replace("\"creditorName\":\"Merchant GmbH\",", "")));
        assertFalse(more.isEmpty(), "another required field missing too");
        assertFalse(BerlinGroupSpec.violations(paymentRead(PAYMENT.formatted("", "RCVD")
                .replace("\"RCVD\"", "\"RCVD\",\"internalState\":1"))).isEmpty(), "an unknown property too");
    }

    @Test
    void aWellFormedPayeeVerificationIsTheOnlyWaivedExtraFieldOfAPayment() {
        for (String check : List.of("{\"result\":\"MTCH\"}", "{\"result\":\"NOAP\"}",
                "{\"result\":\"CMTC\",\"matchedName\":\"Erika Mustermann\"}")) {
            assertEquals(List.of(), BerlinGroupSpec.violations(paymentRead(withPayeeCheck(DEBTOR, "ACSC", check))), check);
            assertEquals(List.of(), BerlinGroupSpec.violations(paymentRead(withPayeeCheck("", "RCVD", check))),
                    "before the PSU's choice too: " + check);
            assertEquals(List.of(), BerlinGroupSpec.violations(new Exchange("GET",
                    "/sandbox/api/berlingroup/v1/payments/sepa-credit-transfers/14/status", 200, withRequestId(json()),
                    "{\"transactionStatus\":\"ACSP\",\"payeeVerification\":" + check + "}")), "status: " + check);
        }
        for (String malformed : List.of("{\"result\":\"MAYBE\"}", "{\"result\":\"CMTC\"}",
                "{\"result\":\"MTCH\",\"matchedName\":\"Erika Mustermann\"}",
                "{\"result\":\"NMTC\",\"score\":0.2}")) {
            assertFalse(BerlinGroupSpec.violations(paymentRead(withPayeeCheck(DEBTOR, "ACSC", malformed))).isEmpty(),
                    malformed);
        }
        assertFalse(BerlinGroupSpec.violations(paymentRead(withPayeeCheck(DEBTOR, "ACSC", "{\"result\":\"MTCH\"}")
                .replace("\"ACSC\"", "\"ACSC\",\"internalState\":1"))).isEmpty(), "an unknown property beside it");
        Exchange consent = new Exchange("GET", CONSENTS + "/c-1/status", 200, withRequestId(json()),
                "{\"consentStatus\":\"valid\",\"payeeVerification\":{\"result\":\"MTCH\"}}");
        assertFalse(BerlinGroupSpec.violations(consent).isEmpty(), "not on a consent");
    }

    @Test
    void theInitiationsDateAndAgentNameAreTheOnlyWaivedExtraFieldsOfARead() {
        String read = PAYMENT.formatted(DEBTOR, "ACSC").replace("\"transactionStatus\"",
                "\"requestedExecutionDate\":\"2026-01-05\",\"creditorAgent\":\"COBADEFFXXX\","
                        + "\"creditorAgentName\":\"Commerzbank\",\"payeeVerification\":{\"result\":\"NOAP\"},"
                        + "\"transactionStatus\"");
        assertEquals(List.of(), BerlinGroupSpec.violations(paymentRead(read)));
        assertFalse(BerlinGroupSpec.violations(paymentRead(read.replace("\"ACSC\"", "\"ACSC\",\"internalState\":1")))
                .isEmpty(), "an unknown property beside them");
        assertFalse(BerlinGroupSpec.violations(paymentRead(read.replace("\"2026-01-05\"", "5")))
                .isEmpty(), "the date is still the initiation's: a string");
    }

    @Test
    void aBulksEntriesOwnStatusesAreTheOnlyWaivedExtraFieldsOfABulk() {
        String bulk = "/sandbox/api/berlingroup/v1/bulk-payments/sepa-credit-transfers/21";
        String read = "{\"batchBookingPreferred\":false,\"debtorAccount\":{\"iban\":\"DE49100200300100000011\"},"
                + "\"payments\":[{\"instructedAmount\":{\"currency\":\"EUR\",\"amount\":\"1.10\"},"
                + "\"creditorAccount\":{\"iban\":\"DE89370400440532013000\"},\"creditorName\":\"Merchant GmbH\","
                + "\"transactionStatus\":\"ACSC\",\"payeeVerification\":{\"result\":\"NOAP\"}},"
                + "{\"instructedAmount\":{\"currency\":\"EUR\",\"amount\":\"9.00\"},"
                + "\"creditorAccount\":{\"iban\":\"DE89370400440532013000\"},\"creditorName\":\"Merchant GmbH\","
                + "\"transactionStatus\":\"RJCT\"}],\"transactionStatus\":\"PART\"}";
        assertEquals(List.of(), BerlinGroupSpec.violations(new Exchange("GET", bulk, 200, withRequestId(json()), read)));
        assertFalse(BerlinGroupSpec.violations(new Exchange("GET", bulk, 200, withRequestId(json()),
                read.replace("\"RJCT\"}", "\"LOST\"}"))).isEmpty(), "an entry status outside the enum");
        String status = "{\"transactionStatus\":\"PART\",\"payments\":[{\"transactionStatus\":\"ACSC\"},"
                + "{\"transactionStatus\":\"RJCT\",\"payeeVerification\":{\"result\":\"MTCH\"}}]}";
        assertEquals(List.of(), BerlinGroupSpec.violations(new Exchange("GET", bulk + "/status", 200,
                withRequestId(json()), status)));
        assertFalse(BerlinGroupSpec.violations(new Exchange("GET", bulk + "/status", 200, withRequestId(json()),
                status.replace("{\"transactionStatus\":\"ACSC\"}", "{\"transactionStatus\":\"ACSC\",\"x\":1}")))
                .isEmpty(), "anything else in an entry's status");
        assertFalse(BerlinGroupSpec.violations(paymentRead(PAYMENT.formatted(DEBTOR, "ACSC")
                .replace("\"transactionStatus\"", "\"payments\":[],\"transactionStatus\""))).isEmpty(),
                "not on a single payment");
    }

    private static String withPayeeCheck(String debtor, String status, String check) {
        return PAYMENT.formatted(debtor, status).replace("\"transactionStatus\"",
                "\"payeeVerification\":" + check + ",\"transactionStatus\"");
    }

    private static Exchange created(String body) {
        Map<String, List<String>> headers = withRequestId(json());
        headers.put("Location", List.of(CONSENTS + "/c-1"));
        headers.put("ASPSP-SCA-Approach", List.of("REDIRECT"));
        return new Exchange("POST", CONSENTS, 201, headers, body);
    }

    private static Exchange fundsCreated(String body) {
        String funds = "/sandbox/api/berlingroup/v2/consents/confirmation-of-funds";
        Map<String, List<String>> headers = withRequestId(json());
        headers.put("Location", List.of(funds + "/c-1"));
        headers.put("ASPSP-SCA-Approach", List.of("REDIRECT"));
        return new Exchange("POST", funds, 201, headers, body);
    }

    private static Exchange paymentRead(String body) {
        return new Exchange("GET", "/sandbox/api/berlingroup/v1/payments/service-payment/14", 200,
                withRequestId(json()), body);
    }

    private static Map<String, List<String>> json() {
        Map<String, List<String>> headers = new LinkedHashMap<>();
        headers.put("Content-Type", List.of("application/json"));
        return headers;
    }

    private static Map<String, List<String>> withRequestId(Map<String, List<String>> headers) {
        headers.put("X-Request-ID", List.of("99391c7e-ad88-49ec-a2ad-99ddcb1f7721"));
        return headers;
    }
}
