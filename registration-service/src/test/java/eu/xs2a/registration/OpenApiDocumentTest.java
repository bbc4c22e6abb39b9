package eu.xs2a.registration;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import eu.xs2a.registration.domain.TextLimits;
import eu.xs2a.testsupport.OpenApiCoverage;
import eu.xs2a.testsupport.OpenApiCoverage.Route;
import io.quarkus.test.junit.QuarkusTest;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The OpenAPI document describes every route the service serves, signed ones with the interface's headers and errors. */
@QuarkusTest
class OpenApiDocumentTest {

    private static String json;
    private static List<Route> routes;

    // not @BeforeAll: RestAssured points at the application only once Quarkus has started it for the first test
    @BeforeEach
    void document() {
        if (json == null) {
            json = given().queryParam("format", "json").get("/q/openapi").then().statusCode(200).extract().asString();
            routes = OpenApiCoverage.routes("eu.xs2a.registration.api");
        }
    }

    @Test
    void everyRouteIsDocumentedAndSignedExactlyWhereTheResourceIsSigned() {
        assertEquals(7, routes.size(), routes.toString());
        assertEquals(List.of(), OpenApiCoverage.missingOperations(json, routes));
        assertEquals(List.of(), OpenApiCoverage.signatureMismatches(json, routes));
    }

    @Test
    void berlinGroupRegistrationListsTheSignatureHeadersBodyAndErrorClasses() throws Exception {
        JsonNode register = OpenApiCoverage.operation(json, new Route("POST", "/api/berlingroup/v1/tpp/register", true));
        assertTrue(OpenApiCoverage.headers(register).containsAll(List.of("x-request-id", "digest", "date",
                "signature", "tpp-signature-certificate", "psu-ip-address")), OpenApiCoverage.headers(register).toString());
        assertTrue(register.path("requestBody").path("content").path("application/json").path("schema")
                .path("$ref").asText().endsWith("/RegisterRequest"));
        assertTrue(register.path("responses").path("200").path("content").path("application/json").path("schema")
                .path("$ref").asText().endsWith("/TppResponse"));
        String unauthorised = register.path("responses").path("401").path("description").asText();
        for (String errorClass : List.of("WrongRequiredFields", "AccessDenied", "CertificateMissing",
                "CertificateInvalid", "CertificateExpired", "RoleInvalid", "SignatureInvalid", "SignatureMissing")) {
            assertTrue(unauthorised.contains(errorClass), unauthorised);
        }
        assertEquals("#/components/schemas/ErrorBody", register.path("responses").path("401").path("content")
                .path("application/json").path("schema").path("$ref").asText());
        assertFalse(register.path("responses").has("403"), "AccessDenied is 401 on registration endpoints");

        List<String> classes = new ArrayList<>();
        new ObjectMapper().readTree(json).path("components").path("schemas").path("ErrorBody").path("properties")
                .path("error_text").path("enum").forEach(c -> classes.add(c.asText()));
        assertTrue(classes.containsAll(List.of("RequestFormatInvalid", "WrongRequiredFields", "AccessDenied",
                "NotFound", "Invalid")), classes.toString());
    }

    @Test
    void openBankingRegistrationIsNotHttpSignedAndNamesItsOwnErrors() {
        JsonNode register = OpenApiCoverage.operation(json, new Route("POST", "/api/open-banking/v3.1/tpp/register", false));
        assertTrue(OpenApiCoverage.headers(register).isEmpty(), OpenApiCoverage.headers(register).toString());
        assertTrue(register.path("requestBody").path("content").has("application/jwt"));
        for (String status : List.of("400", "401", "404", "406")) {
            assertEquals("#/components/schemas/ErrorBody", register.path("responses").path(status).path("content")
                    .path("application/json").path("schema").path("$ref").asText(), status);
        }
        assertTrue(register.path("responses").path("406").path("description").asText().contains("Invalid"));
        JsonNode certificates = OpenApiCoverage.operation(json,
                new Route("POST", "/api/open-banking/v3.1/tpp/certificates", false));
        assertTrue(certificates.path("security").toString().contains("clientCredentials"), certificates.toString());
    }

    /** The body schemas state what the registration checks: required fields, and each limit as TextLimits has it. */
    @Test
    void theRegistrationBodyShowsItsRequiredFieldsAndLimits() throws Exception {
        JsonNode schemas = new ObjectMapper().readTree(json).path("components").path("schemas");
        assertEquals(List.of("company", "representative", "certificate"), names(schemas.path("RegisterRequest").path("required")));
        assertEquals(List.of("name", "email"), names(schemas.path("Company").path("required")));
        assertEquals(List.of("name", "email"), names(schemas.path("Representative").path("required")));
        assertEquals(List.of("name", "type"), names(schemas.path("CertificateInfo").path("required")));
        assertEquals(TextLimits.COMPANY_NAME.maxLength, schemas.path("Company").path("properties").path("name").path("maxLength").asInt());
        assertEquals(TextLimits.COMPANY_PHONE_NUMBER.maxLength,
                schemas.path("Company").path("properties").path("phone_number").path("maxLength").asInt());
        assertEquals(TextLimits.REPRESENTATIVE_EMAIL.maxLength,
                schemas.path("Representative").path("properties").path("email").path("maxLength").asInt());
        assertEquals(List.of("qseal"), names(schemas.path("CertificateInfo").path("properties").path("type").path("enum")));
    }

    private static List<String> names(JsonNode array) {
        List<String> names = new ArrayList<>();
        array.forEach(n -> names.add(n.asText()));
        return names;
    }
}
