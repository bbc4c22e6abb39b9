package eu.xs2a.account;

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

/** The OpenAPI document describes every route the service serves, with the interface's headers and errors. */
@QuarkusTest
class OpenApiDocumentTest {

    private static final String ACCOUNTS = "/{provider_code}/api/berlingroup/v1/accounts";
    private static String json;
    private static List<Route> routes;

    // not @BeforeAll: RestAssured points at the application only once Quarkus has started it for the first test
    @BeforeEach
    void document() {
        if (json == null) {
            json = given().queryParam("format", "json").get("/q/openapi").then().statusCode(200).extract().asString();
            routes = OpenApiCoverage.routes("eu.xs2a.account.api");
        }
    }

    @Test
    void pathParametersHaveTheInterfacesNames() {
        assertEquals(Set.of("provider_code", "account_id", "transaction_id"), OpenApiCoverage.pathParameters(json));
    }

    @Test
    void everyRouteIsDocumentedAndSigned() {
        assertEquals(9, routes.size(), routes.toString());
        assertTrue(routes.stream().allMatch(Route::signed), routes.toString());
        assertEquals(List.of(), OpenApiCoverage.missingOperations(json, routes));
        assertEquals(List.of(), OpenApiCoverage.signatureMismatches(json, routes));
    }

    @Test
    void accountReadsListConsentHeadersBodiesAndErrorClasses() throws Exception {
        JsonNode balances = OpenApiCoverage.operation(json, new Route("GET", ACCOUNTS + "/{account_id}/balances", true));
        assertTrue(OpenApiCoverage.headers(balances).containsAll(List.of("x-request-id", "digest", "date", "signature",
                "tpp-signature-certificate", "consent-id", "psu-ip-address")), OpenApiCoverage.headers(balances).toString());
        assertTrue(balances.path("responses").path("200").path("content").path("application/json").path("schema")
                .path("$ref").asText().endsWith("/BalancesResponse"));
        for (String status : List.of("400", "401", "403", "404", "429", "503")) {
            assertEquals("#/components/schemas/ErrorBody", balances.path("responses").path(status).path("content")
                    .path("application/json").path("schema").path("$ref").asText(), status);
            assertTrue(balances.path("responses").path(status).path("headers").has("X-Request-ID"), status);
        }
        String unauthorised = balances.path("responses").path("401").path("description").asText();
        assertTrue(unauthorised.contains("ConsentExpired") && unauthorised.contains("CertificateInvalid"), unauthorised);
        assertFalse(unauthorised.contains("AccessDenied"), "AccessDenied is 403 outside registration: " + unauthorised);
        assertTrue(balances.path("responses").path("403").path("description").asText().contains("AccessDenied"));
        assertTrue(balances.path("responses").path("429").path("description").asText().contains("AccessExceeded"));

        JsonNode refresh = OpenApiCoverage.operation(json, new Route("POST", ACCOUNTS + "/refresh", true));
        assertTrue(refresh.path("responses").path("406").path("description").asText().contains("ActionNotAllowed"));
        assertTrue(refresh.path("requestBody").toString().contains("initiatedByCustomer"));
        assertFalse(OpenApiCoverage.headers(refresh).contains("content-type"));

        JsonNode funds = OpenApiCoverage.operation(json,
                new Route("POST", "/{provider_code}/api/berlingroup/v1/funds-confirmations", true));
        assertTrue(OpenApiCoverage.headers(funds).contains("consent-id"));
        assertTrue(funds.path("requestBody").toString().contains("instructedAmount"));

        List<String> classes = new ArrayList<>();
        new ObjectMapper().readTree(json).path("components").path("schemas").path("ErrorBody").path("properties")
                .path("error_text").path("enum").forEach(c -> classes.add(c.asText()));
        assertTrue(classes.containsAll(List.of("ConsentUnknown", "ConsentInvalid", "ConsentExpired", "AccessDenied",
                "ResourceUnknown", "ActionNotAllowed", "AccessExceeded")), classes.toString());
    }
}
