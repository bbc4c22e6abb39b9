package eu.xs2a.consent;

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

    private static final String AIS = "/{provider_code}/api/berlingroup/v1/consents";
    private static final String FUNDS = "/{provider_code}/api/berlingroup/v2/consents/confirmation-of-funds";
    private static String json;
    private static List<Route> routes;

    // not @BeforeAll: RestAssured points at the application only once Quarkus has started it for the first test
    @BeforeEach
    void document() {
        if (json == null) {
            json = given().queryParam("format", "json").get("/q/openapi").then().statusCode(200).extract().asString();
            routes = OpenApiCoverage.routes("eu.xs2a.consent.api");
        }
    }

    @Test
    void pathParametersHaveTheInterfacesNames() {
        // token and state are the browser links' own
        assertEquals(Set.of("provider_code", "consent_id", "authorisation_id", "token", "state"),
                OpenApiCoverage.pathParameters(json));
    }

    @Test
    void everyRouteIsDocumentedAndSignedExactlyWhereTheResourceIsSigned() {
        assertEquals(19, routes.size(), routes.toString());
        assertEquals(List.of(), OpenApiCoverage.missingOperations(json, routes));
        assertEquals(List.of(), OpenApiCoverage.signatureMismatches(json, routes));
    }

    /** The request bodies say what the service checks: required fields, limits, the values it takes. */
    @Test
    void theRequestBodiesStateTheirRules() throws Exception {
        JsonNode schemas = new ObjectMapper().readTree(json).path("components").path("schemas");
        assertEquals(Set.of("access", "recurringIndicator"), texts(schemas.path("AisConsentRequest").path("required")));
        assertTrue(schemas.path("AisConsentRequest").path("properties").path("combinedServiceIndicator")
                .path("description").asText().contains("SESSIONS_NOT_SUPPORTED"));
        assertEquals("date", schemas.path("AisConsentRequest").path("properties").path("validUntil").path("format")
                .asText());
        assertEquals(Set.of("allAccounts", "allAccountsWithOwnerName"),
                texts(schemas.path("AccountAccess").path("properties").path("allPsd2").path("enum")));
        assertEquals(Set.of("account"), texts(schemas.path("FundsConsentRequest").path("required")));
        assertEquals(35, schemas.path("FundsConsentRequest").path("properties").path("cardNumber").path("maxLength")
                .asInt());
        assertEquals(140, schemas.path("FundsConsentRequest").path("properties").path("cardInformation")
                .path("maxLength").asInt());
        assertEquals(35, schemas.path("AccountReference").path("properties").path("pan").path("maxLength").asInt());
    }

    private static Set<String> texts(JsonNode array) {
        Set<String> texts = new java.util.TreeSet<>();
        array.forEach(node -> texts.add(node.asText()));
        return texts;
    }

    @Test
    void creationListsItsHeadersBodyAndErrorClasses() throws Exception {
        for (String path : List.of(AIS, FUNDS)) {
            JsonNode create = OpenApiCoverage.operation(json, new Route("POST", path, true));
            assertTrue(OpenApiCoverage.headers(create).containsAll(List.of("x-request-id", "digest", "date",
                    "signature", "tpp-signature-certificate", "tpp-redirect-preferred", "tpp-redirect-uri",
                    "tpp-nok-redirect-uri", "psu-id")), OpenApiCoverage.headers(create).toString());
            assertTrue(create.path("requestBody").path("content").path("application/json").path("schema")
                    .path("$ref").asText().endsWith(path.equals(AIS) ? "/AisConsentRequest" : "/FundsConsentRequest"));
            JsonNode created = create.path("responses").path("201");
            assertTrue(created.path("content").path("application/json").path("schema").path("$ref").asText()
                    .endsWith("/ConsentCreatedResponse"));
            assertTrue(created.path("headers").has("ASPSP-SCA-Approach") && created.path("headers").has("X-Request-ID"));
        }
        JsonNode read = OpenApiCoverage.operation(json, new Route("GET", AIS + "/{consent_id}", true));
        for (String status : List.of("400", "401", "403", "404", "503")) {
            assertEquals("#/components/schemas/ErrorBody", read.path("responses").path(status).path("content")
                    .path("application/json").path("schema").path("$ref").asText(), status);
        }
        String unauthorised = read.path("responses").path("401").path("description").asText();
        assertTrue(unauthorised.contains("ConsentUnknown") && unauthorised.contains("SignatureMissing"), unauthorised);
        assertTrue(OpenApiCoverage.operation(json, new Route("DELETE", FUNDS + "/{consent_id}", true))
                .path("responses").has("204"));

        List<String> classes = new ArrayList<>();
        new ObjectMapper().readTree(json).path("components").path("schemas").path("ErrorBody").path("properties")
                .path("error_text").path("enum").forEach(c -> classes.add(c.asText()));
        assertTrue(classes.containsAll(List.of("BadRequest", "FormatError", "ConsentUnknown", "ConsentInvalid",
                "ConsentExpired", "CertificateMissing", "RoleInvalid", "AccessDenied")), classes.toString());
    }

    @Test
    void theBrowserPagesAndTheInternalLookupAskForNoSignature() {
        JsonNode redirect = OpenApiCoverage.operation(json, new Route("GET",
                AIS + "/{consent_id}/authorisations/{authorisation_id}/sca-redirect/{token}", false));
        assertTrue(OpenApiCoverage.headers(redirect).isEmpty(), OpenApiCoverage.headers(redirect).toString());
        assertFalse(redirect.path("responses").has("401"));
        assertTrue(redirect.path("responses").has("302"));
        // a browser is answered a page, a program that asks gets the error body
        assertTrue(redirect.path("responses").path("404").path("content").has("text/html"), redirect.toString());
        assertTrue(redirect.path("responses").path("404").path("content").has("application/json"), redirect.toString());
        JsonNode callback = OpenApiCoverage.operation(json, new Route("GET",
                AIS + "/{consent_id}/authorisations/{authorisation_id}/sca-callback/{state}", false));
        assertTrue(callback.path("responses").path("200").path("content").has("text/html"), callback.toString());
        JsonNode lookup = OpenApiCoverage.operation(json, new Route("POST", "/internal/v1/consent-checks", false));
        assertTrue(OpenApiCoverage.headers(lookup).isEmpty(), lookup.toString());
        assertTrue(lookup.path("security").toString().contains("serviceToken"), lookup.toString());
        assertTrue(lookup.path("responses").path("429").path("content").has("application/json"));
    }
}
