package eu.xs2a.account;

import static eu.xs2a.testsupport.OpenApiCoverage.errorClasses;
import static eu.xs2a.testsupport.OpenApiCoverage.headers;
import static eu.xs2a.testsupport.OpenApiCoverage.operation;
import static eu.xs2a.testsupport.OpenApiCoverage.responseDescription;
import static eu.xs2a.testsupport.OpenApiCoverage.withoutErrorBody;
import static eu.xs2a.testsupport.OpenApiCoverage.withoutRequestIdEcho;
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

/** The OpenAPI document describes every route the service serves, with the interface's headers and errors. */
@QuarkusTest
class OpenApiDocumentTest extends OpenApiDocumentChecks {

    private static final String ACCOUNTS = "/{provider_code}/api/berlingroup/v1/accounts";

    OpenApiDocumentTest() {
        super("eu.xs2a.account.api", 14, Set.of("provider_code", "account_id", "transaction_id", "download_id"));
    }

    @Test
    void everyRouteIsSigned() {
        assertTrue(routes.stream().allMatch(Route::signed), routes.toString());
    }

    @Test
    void accountReadsListConsentHeadersBodiesAndErrorClasses() {
        JsonNode balances = operation(json, new Route("GET", ACCOUNTS + "/{account_id}/balances", true));
        assertTrue(headers(balances).containsAll(List.of("x-request-id", "digest", "date", "signature",
                "tpp-signature-certificate", "consent-id", "psu-ip-address")), headers(balances).toString());
        assertEquals("BalancesResponse", OpenApiCoverage.responseSchema(balances, "200"));
        String[] errors = {"400", "401", "403", "404", "429", "503"};
        assertEquals(List.of(), withoutErrorBody(balances, errors));
        assertEquals(List.of(), withoutRequestIdEcho(balances, errors));
        String unauthorised = responseDescription(balances, "401");
        assertTrue(unauthorised.contains("ConsentExpired") && unauthorised.contains("CertificateInvalid"), unauthorised);
        assertFalse(unauthorised.contains("AccessDenied"), "AccessDenied is 403 outside registration: " + unauthorised);
        assertTrue(responseDescription(balances, "403").contains("AccessDenied"));
        assertTrue(responseDescription(balances, "429").contains("AccessExceeded"));

        JsonNode cardBalances = operation(json, new Route("GET",
                "/{provider_code}/api/berlingroup/v1/card-accounts/{account_id}/balances", true));
        assertTrue(headers(cardBalances).contains("consent-id"), headers(cardBalances).toString());
        assertEquals("CardBalancesResponse", OpenApiCoverage.responseSchema(cardBalances, "200"));
        assertEquals(List.of(), withoutErrorBody(cardBalances, errors));

        JsonNode refresh = operation(json, new Route("POST", ACCOUNTS + "/refresh", true));
        assertTrue(responseDescription(refresh, "406").contains("ActionNotAllowed"));
        assertTrue(refresh.path("requestBody").toString().contains("initiatedByCustomer"));
        assertFalse(headers(refresh).contains("content-type"));

        JsonNode funds = operation(json,
                new Route("POST", "/{provider_code}/api/berlingroup/v1/funds-confirmations", true));
        assertTrue(headers(funds).contains("consent-id"));
        assertTrue(funds.path("requestBody").toString().contains("instructedAmount"));

        List<String> classes = errorClasses(json);
        assertTrue(classes.containsAll(List.of("ConsentUnknown", "ConsentInvalid", "ConsentExpired", "AccessDenied",
                "ResourceUnknown", "ActionNotAllowed", "AccessExceeded")), classes.toString());
    }
}
