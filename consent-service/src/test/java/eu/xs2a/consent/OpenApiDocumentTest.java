package eu.xs2a.consent;

import static eu.xs2a.testsupport.OpenApiCoverage.headers;
import static eu.xs2a.testsupport.OpenApiCoverage.operation;
import static eu.xs2a.testsupport.OpenApiCoverage.texts;
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

    private static final String AIS = "/{provider_code}/api/berlingroup/v1/consents";
    private static final String FUNDS = "/{provider_code}/api/berlingroup/v2/consents/confirmation-of-funds";

    OpenApiDocumentTest() {
        // token and state are the browser links' own
        super("eu.xs2a.consent.api", 35, Set.of("provider_code", "consent_id", "basket_id", "authorisation_id", "token", "state"));
    }

    /** The request bodies say what the service checks: required fields, limits, the values it takes. */
    @Test
    void theRequestBodiesStateTheirRules() {
        JsonNode schemas = OpenApiCoverage.schemas(json);
        assertEquals(Set.of("access", "recurringIndicator"), set(schemas.path("AisConsentRequest").path("required")));
        assertTrue(schemas.path("AisConsentRequest").path("properties").path("combinedServiceIndicator")
                .path("description").asText().contains("SESSIONS_NOT_SUPPORTED"));
        assertEquals("date", schemas.path("AisConsentRequest").path("properties").path("validUntil").path("format")
                .asText());
        assertEquals(Set.of("allAccounts", "allAccountsWithOwnerName"),
                set(schemas.path("AccountAccess").path("properties").path("allPsd2").path("enum")));
        assertEquals(Set.of("account"), set(schemas.path("FundsConsentRequest").path("required")));
        assertEquals(35, schemas.path("FundsConsentRequest").path("properties").path("cardNumber").path("maxLength")
                .asInt());
        assertEquals(140, schemas.path("FundsConsentRequest").path("properties").path("cardInformation")
                .path("maxLength").asInt());
        assertEquals(35, schemas.path("AccountReference").path("properties").path("pan").path("maxLength").asInt());
    }

    private static Set<String> set(JsonNode array) {
        return Set.copyOf(texts(array));
    }

    @Test
    void creationListsItsHeadersBodyAndErrorClasses() {
        for (String path : List.of(AIS, FUNDS)) {
            JsonNode create = operation(json, new Route("POST", path, true));
            assertTrue(headers(create).containsAll(List.of("x-request-id", "digest", "date",
                    "signature", "tpp-signature-certificate", "tpp-redirect-preferred", "tpp-redirect-uri",
                    "tpp-nok-redirect-uri", "psu-id", "tpp-notification-uri", "tpp-notification-content-preferred",
                    "tpp-explicit-authorisation-preferred", "psu-ip-address")), headers(create).toString());
            assertEquals(Set.of("tpp-redirect-preferred", "x-request-id", "digest", "date", "signature",
                    "tpp-signature-certificate"), OpenApiCoverage.requiredHeaders(create));
            assertEquals(path.equals(AIS) ? "AisConsentRequest" : "FundsConsentRequest",
                    OpenApiCoverage.requestSchema(create));
            assertEquals("ConsentCreatedResponse", OpenApiCoverage.responseSchema(create, "201"));
            JsonNode created = create.path("responses").path("201");
            assertTrue(created.path("headers").has("ASPSP-SCA-Approach") && created.path("headers").has("X-Request-ID"));
        }
        // the embedded steps: body, PSU-ID, and each Berlin Group code of a wrong step
        // the explicit start takes the notification headers too (the one bean parameter of every service)
        JsonNode start = operation(json, new Route("POST", AIS + "/{consent_id}/authorisations", true));
        assertTrue(headers(start).containsAll(List.of("psu-id", "tpp-notification-uri",
                "tpp-notification-content-preferred")), headers(start).toString());
        JsonNode update = operation(json, new Route("PUT", AIS + "/{consent_id}/authorisations/{authorisation_id}", true));
        assertEquals("UpdatePsuData", OpenApiCoverage.requestSchema(update));
        assertTrue(headers(update).contains("psu-id"), headers(update).toString());
        assertTrue(OpenApiCoverage.responseDescription(update, "409").contains("STATUS_INVALID"));
        assertTrue(OpenApiCoverage.responseDescription(update, "401").contains("PSU_CREDENTIALS_INVALID"));
        assertTrue(OpenApiCoverage.responseDescription(update, "400").contains("SCA_METHOD_UNKNOWN"));
        JsonNode read = operation(json, new Route("GET", AIS + "/{consent_id}", true));
        assertEquals(List.of(), OpenApiCoverage.withoutErrorBody(read, "400", "401", "403", "404", "503"));
        String unauthorised = OpenApiCoverage.responseDescription(read, "401");
        assertTrue(unauthorised.contains("ConsentUnknown") && unauthorised.contains("SignatureMissing"), unauthorised);
        assertTrue(operation(json, new Route("DELETE", FUNDS + "/{consent_id}", true))
                .path("responses").has("204"));

        List<String> classes = OpenApiCoverage.errorClasses(json);
        assertTrue(classes.containsAll(List.of("BadRequest", "FormatError", "ConsentUnknown", "ConsentInvalid",
                "ConsentExpired", "CertificateMissing", "RoleInvalid", "AccessDenied")), classes.toString());
    }

    @Test
    void theBrowserPagesAndTheInternalLookupAskForNoSignature() {
        JsonNode redirect = operation(json, new Route("GET",
                AIS + "/{consent_id}/authorisations/{authorisation_id}/sca-redirect/{token}", false));
        assertTrue(headers(redirect).isEmpty(), headers(redirect).toString());
        assertFalse(redirect.path("responses").has("401"));
        assertTrue(redirect.path("responses").has("302"));
        // a browser is answered a page, a program that asks gets the error body
        assertTrue(redirect.path("responses").path("404").path("content").has("text/html"), redirect.toString());
        assertTrue(redirect.path("responses").path("404").path("content").has("application/json"), redirect.toString());
        JsonNode callback = operation(json, new Route("GET",
                AIS + "/{consent_id}/authorisations/{authorisation_id}/sca-callback/{state}", false));
        assertTrue(callback.path("responses").path("200").path("content").has("text/html"), callback.toString());
        JsonNode lookup = operation(json, new Route("POST", "/internal/v1/consent-checks", false));
        assertTrue(headers(lookup).isEmpty(), lookup.toString());
        assertTrue(lookup.path("security").toString().contains("serviceToken"), lookup.toString());
        assertTrue(lookup.path("responses").path("429").path("content").has("application/json"));
        JsonNode events = operation(json, new Route("POST", "/internal/v1/bank-events", false));
        assertTrue(headers(events).isEmpty(), events.toString());
        assertTrue(events.path("security").toString().contains("bankCredential"), events.toString());
        assertTrue(events.path("responses").has("204"), events.toString());
    }
}
