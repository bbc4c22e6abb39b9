package eu.xs2a.payment;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import eu.xs2a.testsupport.OpenApiCoverage;
import eu.xs2a.testsupport.OpenApiCoverage.Route;
import io.quarkus.test.junit.QuarkusTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The OpenAPI document describes every route the service serves, signed ones with the interface's headers and errors. */
@QuarkusTest
class OpenApiDocumentTest {

    private static final String PAYMENTS = "/{provider_code}/api/berlingroup/v1/payments/{payment_product}";
    private static String json;
    private static List<Route> routes;

    // not @BeforeAll: RestAssured points at the application only once Quarkus has started it for the first test
    @BeforeEach
    void document() {
        if (json == null) {
            json = given().queryParam("format", "json").get("/q/openapi").then().statusCode(200).extract().asString();
            routes = OpenApiCoverage.routes("eu.xs2a.payment.api");
        }
    }

    @Test
    void pathParametersHaveTheInterfacesNames() {
        assertEquals(Set.of("provider_code", "payment_product", "payment_id", "authorisation_id"), OpenApiCoverage.pathParameters(json));
    }

    @Test
    void everyRouteIsDocumentedAndSignedExactlyWhereTheResourceIsSigned() {
        assertEquals(14, routes.size(), routes.toString());
        assertEquals(List.of(), OpenApiCoverage.missingOperations(json, routes));
        assertEquals(List.of(), OpenApiCoverage.signatureMismatches(json, routes));
    }

    @Test
    void initiationListsItsHeadersBodyAndErrorClasses() throws Exception {
        JsonNode initiate = OpenApiCoverage.operation(json, new Route("POST", PAYMENTS, true));
        assertTrue(OpenApiCoverage.headers(initiate).containsAll(List.of("x-request-id", "digest", "date",
                "signature", "tpp-signature-certificate", "psu-ip-address", "psu-id", "tpp-redirect-preferred",
                "tpp-redirect-uri", "tpp-nok-redirect-uri", "tpp-explicit-authorisation-preferred")),
                OpenApiCoverage.headers(initiate).toString());
        assertFalse(OpenApiCoverage.headers(initiate).contains("content-type"));
        assertTrue(initiate.path("requestBody").path("content").path("application/json").path("schema")
                .path("$ref").asText().endsWith("/PaymentInitiationRequest"));
        JsonNode created = initiate.path("responses").path("201");
        assertTrue(created.path("content").path("application/json").path("schema").path("$ref").asText()
                .endsWith("/PaymentInitiationResponse"));
        assertTrue(created.path("headers").has("ASPSP-SCA-Approach"));
        assertTrue(created.path("headers").has("X-Request-ID"));
        for (String status : List.of("400", "401", "403", "404", "503")) {
            assertEquals("#/components/schemas/ErrorBody", initiate.path("responses").path(status).path("content")
                    .path("application/json").path("schema").path("$ref").asText(), status);
        }
        assertTrue(initiate.path("responses").path("403").path("description").asText().contains("ProductInvalid"));
        assertTrue(initiate.path("responses").path("404").path("description").asText().contains("ProductUnknown"));

        JsonNode cancel = OpenApiCoverage.operation(json, new Route("DELETE", PAYMENTS + "/{payment_id}", true));
        assertTrue(cancel.path("responses").path("405").path("description").asText().contains("CancellationInvalid"));
        assertTrue(cancel.path("responses").has("202") && cancel.path("responses").has("204"));

        List<String> classes = new ArrayList<>();
        new ObjectMapper().readTree(json).path("components").path("schemas").path("ErrorBody").path("properties")
                .path("error_text").path("enum").forEach(c -> classes.add(c.asText()));
        assertTrue(classes.containsAll(List.of("FormatError", "CertificateInvalid", "SignatureInvalid", "RoleInvalid",
                "ProductInvalid", "ProductUnknown", "ResourceUnknown", "CancellationInvalid")), classes.toString());
    }

    @Test
    void paymentIdIsAStringInEveryResponseBody() throws Exception {
        JsonNode schemas = new ObjectMapper().readTree(json).path("components").path("schemas");
        for (String schema : List.of("PaymentInitiationResponse", "CallbackResponse")) {
            JsonNode paymentId = schemas.path(schema).path("properties").path("paymentId");
            assertEquals("string", paymentId.path("type").asText(), schema + ": " + paymentId);
            assertFalse(paymentId.has("format"), schema + ": " + paymentId);
        }
    }

    @Test
    void theReadSaysWhyItsDebtorAccountMayBeAbsent() throws Exception {
        JsonNode debtor = new ObjectMapper().readTree(json).path("components").path("schemas").path("PaymentResponse")
                .path("properties").path("debtorAccount");
        assertTrue(debtor.path("description").asText().contains("Absent until the PSU has chosen"), debtor.toString());
        assertTrue(debtor.toString().contains("AccountRef"), "still the account reference: " + debtor);
    }

    @Test
    void theBrowserPagesAskForNoSignature() {
        JsonNode redirect = OpenApiCoverage.operation(json,
                new Route("GET", PAYMENTS + "/{payment_id}/authorisations/{authorisation_id}/sca-redirect", false));
        assertTrue(OpenApiCoverage.headers(redirect).isEmpty(), OpenApiCoverage.headers(redirect).toString());
        assertFalse(redirect.path("responses").has("401"));
        assertTrue(redirect.path("responses").has("302"));
        JsonNode callback = OpenApiCoverage.operation(json, new Route("GET", PAYMENTS + "/{payment_id}/sca-callback", false));
        assertTrue(OpenApiCoverage.headers(callback).isEmpty());
        // a browser is answered a page, a program that asks gets JSON
        assertTrue(redirect.path("responses").path("404").path("content").has("text/html"), redirect.toString());
        assertTrue(redirect.path("responses").path("404").path("content").has("application/json"), redirect.toString());
        assertTrue(callback.path("responses").path("200").path("content").has("text/html"), callback.toString());
        assertTrue(callback.path("responses").path("200").path("content").has("application/json"), callback.toString());
    }
}
