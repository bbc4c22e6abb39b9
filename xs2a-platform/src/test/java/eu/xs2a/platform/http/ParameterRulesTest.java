package eu.xs2a.platform.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;

/**
 * ParameterRulesFilter: a query parameter given twice and a NUL in the path or query are FormatErrors, in the
 * standard body to an API client and as a page to a browser.
 */
@QuarkusTest
class ParameterRulesTest {

    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final String BROWSER = "text/html,application/xhtml+xml,*/*;q=0.8";

    @TestHTTPResource("/test/parameters")
    URI base;

    @Test
    void aParameterGivenTwiceOrANulIsTheStandardErrorToAnApiClient() throws Exception {
        assertEquals(200, get("/api/a?value=1&other=2", "application/json").statusCode());
        for (String target : new String[] {"/api/a?value=1&value=2", "/api/a?val%75e=1&value=2", "/api/a?value=a%00b",
            "/api/a%00b?value=1"}) {
            HttpResponse<String> answer = get(target, "application/json");
            assertEquals(400, answer.statusCode(), target);
            assertTrue(answer.body().startsWith("{\"tppMessages\":[{\"category\":\"ERROR\",\"code\":\"FORMAT_ERROR\""),
                    target + ": " + answer.body());
        }
        assertTrue(get("/api/a?value=a%00b", "application/json").body().contains("holds a NUL character"));
        assertTrue(get("/api/a?value=1&value=2", "application/json").body()
                .contains("Query parameter 'value' is given more than once"));
    }

    @Test
    void aBrowserGetsThePage() throws Exception {
        assertEquals(200, get("/page/a?value=1", BROWSER).statusCode());
        for (String target : new String[] {"/page/a?value=1&value=2", "/page/a?value=a%00b", "/page/a%00b"}) {
            HttpResponse<String> answer = get(target, BROWSER);
            assertEquals(400, answer.statusCode(), target);
            assertTrue(answer.headers().firstValue("Content-Type").orElse("").startsWith("text/html"), target);
            assertTrue(answer.body().startsWith("<!DOCTYPE html>"), target + ": " + answer.body());
        }
    }

    private HttpResponse<String> get(String target, String accept) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(base + target)).header("Accept", accept).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
