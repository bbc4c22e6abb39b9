package eu.xs2a.payment;

import static eu.xs2a.testsupport.OpenApiCoverage.headers;
import static eu.xs2a.testsupport.OpenApiCoverage.operation;
import static eu.xs2a.testsupport.OpenApiCoverage.responseDescription;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import eu.xs2a.testsupport.OpenApiCoverage;
import eu.xs2a.testsupport.OpenApiCoverage.Route;
import eu.xs2a.testsupport.OpenApiDocumentChecks;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The OpenAPI document describes every route the service serves, signed ones with the interface's headers and errors. */
@QuarkusTest
class OpenApiDocumentTest extends OpenApiDocumentChecks {

    private static final String PAYMENTS = "/{provider_code}/api/berlingroup/v1/payments/{payment_product}";

    OpenApiDocumentTest() {
        // the Berlin Group routes, the PSU's pages and the bank's status events (POST /internal/v1/bank-events, unsigned);
        // every payments route but the last also under bulk-payments; periodic-payments repeats the payments routes and pages
        super("eu.xs2a.payment.api", 52, Set.of("provider_code", "payment_product", "payment_id", "authorisation_id"));
    }

    @Test
    void initiationListsItsHeadersBodyAndErrorClasses() {
        JsonNode initiate = operation(json, new Route("POST", PAYMENTS, true));
        assertTrue(headers(initiate).containsAll(List.of("x-request-id", "digest", "date",
                "signature", "tpp-signature-certificate", "psu-ip-address", "psu-id", "tpp-redirect-preferred",
                "tpp-redirect-uri", "tpp-nok-redirect-uri", "tpp-explicit-authorisation-preferred")),
                headers(initiate).toString());
        assertFalse(headers(initiate).contains("content-type"));
        assertEquals("PaymentInitiationRequest", OpenApiCoverage.requestSchema(initiate));
        assertEquals("PaymentInitiationResponse", OpenApiCoverage.responseSchema(initiate, "201"));
        JsonNode created = initiate.path("responses").path("201");
        assertTrue(created.path("headers").has("ASPSP-SCA-Approach"));
        assertTrue(created.path("headers").has("X-Request-ID"));
        assertEquals(List.of(), OpenApiCoverage.withoutErrorBody(initiate, "400", "401", "403", "404", "503"));
        assertTrue(responseDescription(initiate, "403").contains("ProductInvalid"));
        assertTrue(responseDescription(initiate, "404").contains("ProductUnknown"));

        JsonNode cancel = operation(json, new Route("DELETE", PAYMENTS + "/{payment_id}", true));
        assertTrue(responseDescription(cancel, "405").contains("CancellationInvalid"));
        assertTrue(cancel.path("responses").has("202") && cancel.path("responses").has("204"));

        List<String> classes = OpenApiCoverage.errorClasses(json);
        assertTrue(classes.containsAll(List.of("FormatError", "CertificateInvalid", "SignatureInvalid", "RoleInvalid",
                "ProductInvalid", "ProductUnknown", "ResourceUnknown", "CancellationInvalid")), classes.toString());
    }

    @Test
    void periodicPaymentsShowTheirStandingOrderTerms() {
        String periodic = "/{provider_code}/api/berlingroup/v1/periodic-payments/{payment_product}";
        JsonNode initiate = operation(json, new Route("POST", periodic, true));
        String body = initiate.path("requestBody").toString();
        assertTrue(body.contains("StandingOrderRequest") && body.contains("PaymentInitiationRequest"), body);
        // Berlin Group's multipart form of the pain.001 products
        JsonNode form = initiate.path("requestBody").path("content").path("multipart/form-data").path("schema");
        assertTrue(form.path("properties").has("xml_sct") && form.path("properties").has("json_standingorderType"),
                form.toString());
        assertTrue(initiate.path("description").asText().contains("dayOfExecution"));
        JsonNode read = operation(json, new Route("GET", periodic + "/{payment_id}", true));
        assertEquals("PeriodicPaymentResponse", OpenApiCoverage.responseSchema(read, "200"));
        JsonNode readForm = read.path("responses").path("200").path("content").path("multipart/form-data")
                .path("schema").path("properties");
        assertTrue(readForm.has("xml_sct") && readForm.has("json_standingorderType"), readForm.toString());
        JsonNode terms = OpenApiCoverage.schemas(json).path("PeriodicPaymentResponse").path("properties");
        for (String field : List.of("startDate", "endDate", "executionRule", "frequency", "dayOfExecution")) {
            assertTrue(terms.has(field), field + " in " + terms);
        }
    }

    @Test
    void paymentIdIsAStringInEveryResponseBody() {
        JsonNode schemas = OpenApiCoverage.schemas(json);
        for (String schema : List.of("PaymentInitiationResponse", "CallbackResponse")) {
            JsonNode paymentId = schemas.path(schema).path("properties").path("paymentId");
            assertEquals("string", paymentId.path("type").asText(), schema + ": " + paymentId);
            assertFalse(paymentId.has("format"), schema + ": " + paymentId);
        }
    }

    @Test
    void theReadSaysWhyItsDebtorAccountMayBeAbsent() {
        JsonNode debtor = OpenApiCoverage.schemas(json).path("PaymentResponse").path("properties").path("debtorAccount");
        assertTrue(debtor.path("description").asText().contains("Absent until the PSU has chosen"), debtor.toString());
        assertTrue(debtor.toString().contains("AccountRef"), "still the account reference: " + debtor);
    }

    @Test
    void bulkPaymentsHaveEveryEndpointOfASinglePayment() {
        String bulk = "/{provider_code}/api/berlingroup/v1/bulk-payments/{payment_product}";
        JsonNode initiate = operation(json, new Route("POST", bulk, true));
        assertTrue(initiate.toString().contains("BulkPaymentInitiationRequest"), initiate.toString());
        JsonNode read = operation(json, new Route("GET", bulk + "/{payment_id}", true));
        assertTrue(read.toString().contains("BulkPaymentResponse"), read.toString());
        JsonNode status = operation(json, new Route("GET", bulk + "/{payment_id}/status", true));
        assertTrue(status.toString().contains("BulkPaymentStatusResponse"), status.toString());
        for (String inherited : List.of("/{payment_id}/authorisations", "/{payment_id}/cancellation-authorisations")) {
            operation(json, new Route("POST", bulk + inherited, true));
        }
        operation(json, new Route("PUT", bulk + "/{payment_id}/authorisations/{authorisation_id}", true));
        operation(json, new Route("DELETE", bulk + "/{payment_id}", true));
        operation(json, new Route("GET", bulk + "/{payment_id}/sca-callback", false));
        JsonNode entry = OpenApiCoverage.schemas(json).path("bulkPaymentEntryWithStatus").path("properties").path("transactionStatus");
        assertTrue(entry.path("description").asText().startsWith("Extension of Berlin Group 1.3.6"), entry.toString());
    }

    @Test
    void theBrowserPagesAskForNoSignature() {
        JsonNode redirect = operation(json,
                new Route("GET", PAYMENTS + "/{payment_id}/authorisations/{authorisation_id}/sca-redirect", false));
        assertTrue(headers(redirect).isEmpty(), headers(redirect).toString());
        assertFalse(redirect.path("responses").has("401"));
        assertTrue(redirect.path("responses").has("302"));
        JsonNode callback = operation(json, new Route("GET", PAYMENTS + "/{payment_id}/sca-callback", false));
        assertTrue(headers(callback).isEmpty());
        // a browser is answered a page, a program that asks gets JSON
        assertTrue(redirect.path("responses").path("404").path("content").has("text/html"), redirect.toString());
        assertTrue(redirect.path("responses").path("404").path("content").has("application/json"), redirect.toString());
        assertTrue(callback.path("responses").path("200").path("content").has("text/html"), callback.toString());
        assertTrue(callback.path("responses").path("200").path("content").has("application/json"), callback.toString());
    }
}
