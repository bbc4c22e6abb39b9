package eu.xs2a.registration;

import static eu.xs2a.testsupport.OpenApiCoverage.headers;
import static eu.xs2a.testsupport.OpenApiCoverage.operation;
import static eu.xs2a.testsupport.OpenApiCoverage.responseDescription;
import static eu.xs2a.testsupport.OpenApiCoverage.texts;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import eu.xs2a.registration.domain.TextLimits;
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

    OpenApiDocumentTest() {
        // registration paths are fixed; the OAuth server's are per provider, as every Berlin Group path
        super("eu.xs2a.registration.api", 13, Set.of("provider_code"));
    }

    @Test
    void berlinGroupRegistrationListsTheSignatureHeadersBodyAndErrorClasses() {
        JsonNode register = operation(json, new Route("POST", "/api/berlingroup/v1/tpp/register", true));
        assertTrue(headers(register).containsAll(List.of("x-request-id", "digest", "date",
                "signature", "tpp-signature-certificate", "psu-ip-address")), headers(register).toString());
        assertEquals("RegisterRequest", OpenApiCoverage.requestSchema(register));
        assertEquals("TppResponse", OpenApiCoverage.responseSchema(register, "200"));
        String unauthorised = responseDescription(register, "401");
        for (String errorClass : List.of("WrongRequiredFields", "AccessDenied", "CertificateMissing",
                "CertificateInvalid", "CertificateExpired", "RoleInvalid", "SignatureInvalid", "SignatureMissing")) {
            assertTrue(unauthorised.contains(errorClass), unauthorised);
        }
        assertEquals(List.of(), OpenApiCoverage.withoutErrorBody(register, "401"));
        assertFalse(register.path("responses").has("403"), "AccessDenied is 401 on registration endpoints");

        List<String> classes = OpenApiCoverage.errorClasses(json);
        assertTrue(classes.containsAll(List.of("RequestFormatInvalid", "WrongRequiredFields", "AccessDenied",
                "NotFound", "Invalid")), classes.toString());
    }

    @Test
    void openBankingRegistrationIsNotHttpSignedAndNamesItsOwnErrors() {
        JsonNode register = operation(json, new Route("POST", "/api/open-banking/v3.1/tpp/register", false));
        assertTrue(headers(register).isEmpty(), headers(register).toString());
        assertTrue(register.path("requestBody").path("content").has("application/jwt"));
        assertEquals(List.of(), OpenApiCoverage.withoutErrorBody(register, "400", "401", "404", "406"));
        assertTrue(responseDescription(register, "406").contains("Invalid"));
        JsonNode certificates = operation(json, new Route("POST", "/api/open-banking/v3.1/tpp/certificates", false));
        assertTrue(certificates.path("security").toString().contains("clientCredentials"), certificates.toString());
    }

    /** The body schemas state what the registration checks: required fields, and each limit as TextLimits has it. */
    @Test
    void theRegistrationBodyShowsItsRequiredFieldsAndLimits() {
        JsonNode schemas = OpenApiCoverage.schemas(json);
        assertEquals(List.of("company", "representative", "certificate"), texts(schemas.path("RegisterRequest").path("required")));
        assertEquals(List.of("name", "email"), texts(schemas.path("Company").path("required")));
        assertEquals(List.of("name", "email"), texts(schemas.path("Representative").path("required")));
        assertEquals(List.of("name", "type"), texts(schemas.path("CertificateInfo").path("required")));
        assertEquals(TextLimits.COMPANY_NAME.maxLength, schemas.path("Company").path("properties").path("name").path("maxLength").asInt());
        assertEquals(TextLimits.COMPANY_PHONE_NUMBER.maxLength,
                schemas.path("Company").path("properties").path("phone_number").path("maxLength").asInt());
        assertEquals(TextLimits.REPRESENTATIVE_EMAIL.maxLength,
                schemas.path("Representative").path("properties").path("email").path("maxLength").asInt());
        assertEquals(List.of("qseal"), texts(schemas.path("CertificateInfo").path("properties").path("type").path("enum")));
    }
}
