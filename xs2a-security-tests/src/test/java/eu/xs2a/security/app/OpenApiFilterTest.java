package eu.xs2a.security.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import eu.xs2a.security.quarkus.SignedApiOpenApiFilter;
import eu.xs2a.testsupport.OpenApiCoverage;
import eu.xs2a.testsupport.OpenApiCoverage.Route;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import org.junit.jupiter.api.Test;

/** SignedApiOpenApiFilter is found without configuration and describes signed operations; the coverage check works. */
@QuarkusTest
class OpenApiFilterTest {

    @Test
    void signedOperationsCarryTheSignatureHeadersAndTheErrorBody() {
        String json = OpenApiCoverage.servedDocument();
        List<Route> routes = OpenApiCoverage.routes(ThingResource.class, PublicResource.class);
        assertEquals(List.of(), OpenApiCoverage.missingOperations(json, routes));
        assertEquals(List.of(), OpenApiCoverage.signatureMismatches(json, routes));

        JsonNode get = OpenApiCoverage.operation(json, new Route("GET", "/{provider_code}/api/berlingroup/v1/things/{id}", true));
        assertTrue(OpenApiCoverage.headers(get).containsAll(
                List.of("x-request-id", "digest", "date", "signature", "tpp-signature-certificate")));
        assertEquals(List.of(), OpenApiCoverage.withoutErrorBody(get, "400", "401", "403", "404", "503"));
        assertEquals(List.of(), OpenApiCoverage.withoutRequestIdEcho(get, "200", "400", "401", "403", "404", "503"));
        assertTrue(OpenApiCoverage.responseDescription(get, "401").contains("SignatureInvalid"));

        List<String> texts = OpenApiCoverage.errorClasses(json);
        assertTrue(texts.containsAll(List.of("FormatError", "ConsentUnknown", "CertificateMissing", "RoleInvalid",
                "ProductInvalid", "ResourceUnknown", "CancellationInvalid", "ActionNotAllowed", "AccessExceeded",
                "ServiceUnavailable")), texts.toString());

        JsonNode errorBody = OpenApiCoverage.schemas(json).path("ErrorBody");
        JsonNode debug = errorBody.path("properties").path("signatureDebug");
        assertTrue(debug.path("description").asText().contains("not part of the Berlin Group"), debug.toString());
        assertTrue(debug.path("properties").has("signingString") && debug.path("properties").has("digestComputed"));
        assertFalse(errorBody.path("required").toString().contains("signatureDebug"));

        JsonNode hello = OpenApiCoverage.operation(json, new Route("GET", "/public/hello", false));
        assertEquals(List.of(), List.copyOf(OpenApiCoverage.headers(hello)));
        assertFalse(hello.path("responses").has("401"));
    }

    @Test
    void signedPathsAreTheBerlinGroupOnesExceptTheBrowserPages() {
        assertTrue(SignedApiOpenApiFilter.isSigned("/{provider_code}/api/berlingroup/v1/payments/{payment_product}"));
        assertTrue(SignedApiOpenApiFilter.isSigned("/api/berlingroup/v1/tpp/register"));
        assertFalse(SignedApiOpenApiFilter.isSigned(
                "/{provider}/api/berlingroup/v1/consents/{consentId}/authorisations/{authorisationId}/sca-redirect/{token}"));
        assertFalse(SignedApiOpenApiFilter.isSigned("/{p}/api/berlingroup/v1/payments/{x}/{id}/sca-callback"));
        assertFalse(SignedApiOpenApiFilter.isSigned("/api/open-banking/v3.1/tpp/register"));
        assertFalse(SignedApiOpenApiFilter.isSigned("/internal/v1/consent-checks"));
    }

    @Test
    void coverageReportsARouteTheDocumentLacks() {
        String json = "{\"paths\":{\"/{provider_code}/api/berlingroup/v1/things\":{\"post\":{}}}}";
        List<Route> missing = OpenApiCoverage.missingOperations(json, ThingResource.class);
        assertTrue(missing.contains(new Route("GET", "/{provider_code}/api/berlingroup/v1/things/{id}", true)), missing.toString());
        assertFalse(missing.contains(new Route("POST", "/{provider_code}/api/berlingroup/v1/things", true)));
    }

    @Test
    void coverageNamesTheAnswersThatLackTheErrorBodyOrTheRequestIdEcho() {
        JsonNode get = OpenApiCoverage.operation("{\"paths\":{\"/things\":{\"get\":{\"responses\":{"
                + "\"400\":{\"content\":{\"application/json\":{\"schema\":{\"$ref\":\"#/components/schemas/ErrorBody\"}}},"
                + "\"headers\":{\"X-Request-ID\":{}}},"
                + "\"404\":{\"content\":{\"application/json\":{\"schema\":{\"$ref\":\"#/components/schemas/Other\"}}}}"
                + "}}}}}", new Route("GET", "/things", false));
        assertEquals(List.of("404", "503"), OpenApiCoverage.withoutErrorBody(get, "400", "404", "503"));
        assertEquals(List.of("404", "503"), OpenApiCoverage.withoutRequestIdEcho(get, "400", "404", "503"));
        assertEquals("Other", OpenApiCoverage.responseSchema(get, "404"));
    }
}
