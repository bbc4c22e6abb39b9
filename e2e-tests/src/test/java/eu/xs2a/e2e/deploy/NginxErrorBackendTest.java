package eu.xs2a.e2e.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import eu.xs2a.testsupport.RawHttp;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The Kubernetes Ingress's default backend (render-nginx --mode errors, as k8s/render-ingress renders it), run for
 * real: whatever reaches it gets the standard JSON 404, and its probes answer on their own port only.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class NginxErrorBackendTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private LocalNginx nginx;
    private int port;
    private int healthPort;

    @BeforeAll
    void start() throws Exception {
        port = Repo.freePort();
        healthPort = Repo.freePort();
        // the arguments of k8s/render-ingress, with a private prefix, log folder and free ports
        nginx = LocalNginx.start("errors", port, List.of("--mode", "errors", "--listen", String.valueOf(port),
                "--health-port", String.valueOf(healthPort), "--workers", "1"));
    }

    @AfterAll
    void stop() throws Exception {
        if (nginx != null) {
            nginx.close();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"/", "/internal/v1/consent-checks", "/q/health/ready", "/sandbox/api/berlingroup/v1/x",
        "/index.html", "/a.css"})
    void everythingGetsTheStandard404(String path) throws IOException {
        String requestId = UUID.randomUUID().toString();
        for (String method : List.of("GET", "POST", "DELETE")) {
            RawHttp.Response r = RawHttp.send(port, method, path, Map.of("X-Request-ID", requestId),
                    "POST".equals(method) ? "{}".getBytes(StandardCharsets.UTF_8) : null);
            assertEquals(404, r.status(), method + " " + path);
            assertEquals("application/json", r.header("Content-Type"));
            assertEquals(requestId, r.header("X-Request-ID"));
            JsonNode body = JSON.readTree(r.body());
            assertEquals("ResourceUnknown", body.path("error_text").asText());
            assertEquals("RESOURCE_UNKNOWN", body.path("error_code").asText());
            assertEquals("RESOURCE_UNKNOWN", body.path("tppMessages").get(0).path("code").asText());
        }
    }

    /** ingress-nginx sends its own errors here with the status in X-Code (custom-http-errors in the Ingress). */
    @ParameterizedTest
    @ValueSource(strings = {"413:413:FormatError", "494:400:FormatError", "502:503:ServiceUnavailable",
        "504:503:ServiceUnavailable", "418:404:ResourceUnknown"})
    void aControllerErrorGetsTheLocalIngresssAnswer(String codes) throws IOException {
        String[] parts = codes.split(":");
        RawHttp.Response r = RawHttp.send(port, "GET", "/sandbox/api/berlingroup/v1/consents/x",
                Map.of("X-Code", parts[0]), null);
        assertEquals(Integer.parseInt(parts[1]), r.status(), r.bodyText());
        assertEquals("application/json", r.header("Content-Type"));
        assertEquals(parts[2], JSON.readTree(r.body()).path("error_text").asText());
    }

    /**
     * A 502 or 504 of the controller is a lost answer; the default backend is not told the request's method, so its
     * body gives every rule: a create only retried with the same X-Request-ID and body, another change read first, a
     * read later.
     */
    @ParameterizedTest
    @ValueSource(strings = {"502", "504"})
    void aLostAnswerSaysHowToRetryAChangeSafely(String code) throws IOException {
        RawHttp.Response r = RawHttp.send(port, "GET", "/sandbox/api/berlingroup/v1/payments/sepa-credit-transfers",
                Map.of("X-Code", code), null);
        assertEquals(503, r.status(), r.bodyText());
        assertEquals("5", r.header("Retry-After"));
        String message = JSON.readTree(r.body()).path("error_message").asText();
        assertTrue(message.contains("A POST may have been carried out: retry it only with the same X-Request-ID and the"
                + " same body"), message);
        assertTrue(message.contains("A PUT or DELETE may have been carried out: read the resource before sending it"
                + " again, with a new X-Request-ID"), message);
        assertTrue(message.contains("A GET: retry later"), message);
    }

    /**
     * The controller passes on the original request's path (X-Original-URI) and Accept (X-Format): on a route a PSU's
     * browser follows, its errors are pages unless JSON is asked for, as at the local ingress.
     */
    @ParameterizedTest
    @ValueSource(strings = {"502:503:The bank cannot be reached right now", "504:503:The bank cannot be reached right now",
        "494:400:This link cannot be used", "413:413:This request cannot be completed", "404:404:This link cannot be used"})
    void aBrowserRouteGetsAPage(String codes) throws IOException {
        String[] parts = codes.split(":");
        String original = "/sandbox/api/berlingroup/v1/consents/c/authorisations/a/sca-redirect/t";
        RawHttp.Response page = RawHttp.send(port, "GET", "/", Map.of("X-Code", parts[0], "X-Original-URI", original,
                "X-Format", IngressPages.BROWSER_ACCEPT), null);
        IngressPages.assertPage(page, Integer.parseInt(parts[1]), parts[2]);

        RawHttp.Response json = RawHttp.send(port, "GET", "/", Map.of("X-Code", parts[0], "X-Original-URI", original,
                "X-Format", "application/json"), null);
        assertEquals(Integer.parseInt(parts[1]), json.status(), json.bodyText());
        assertEquals("application/json", json.header("Content-Type"));
        RawHttp.Response api = RawHttp.send(port, "GET", "/", Map.of("X-Code", parts[0], "X-Original-URI",
                "/sandbox/api/berlingroup/v1/consents/c", "X-Format", IngressPages.BROWSER_ACCEPT), null);
        assertEquals("application/json", api.header("Content-Type"));
    }

    @Test
    void aTooLargeBodyStillGetsAJsonAnswer() throws IOException {
        RawHttp.Response r = RawHttp.send(port, "POST", "/x", Map.of(), new byte[1024 * 1024 + 1]);
        assertEquals(413, r.status());
        assertEquals("FormatError", JSON.readTree(r.body()).path("error_text").asText());
    }

    @Test
    void theProbesAnswerOnTheHealthPortOnly() throws IOException {
        for (String path : List.of("/q/health/live", "/q/health/ready", "/q/health/started")) {
            RawHttp.Response r = RawHttp.get(healthPort, path);
            assertEquals(200, r.status(), path);
            assertEquals("UP", JSON.readTree(r.body()).path("status").asText());
        }
        assertEquals(404, RawHttp.get(healthPort, "/anything").status());
        assertEquals(404, RawHttp.get(port, "/q/health/live").status());
    }

    @Test
    void theCommittedConfigurationIsForAContainerWithAReadOnlyRoot() {
        String conf = Repo.read("k8s/base/ingress-errors.conf");
        assertTrue(conf.contains("pid /tmp/nginx.pid;"));
        assertTrue(conf.contains("error_log /dev/stderr warn;"));
        assertTrue(conf.contains("access_log /dev/stdout xs2a;"));
        assertTrue(conf.contains("listen 8080;") && conf.contains("listen 8081;"));
        assertTrue(conf.lines().filter(l -> l.trim().startsWith("client_body_temp_path")).allMatch(l -> l.contains("/tmp/")));
        assertTrue(!conf.contains(Repo.ROOT.toString()), "no path of this checkout in the committed file");
    }
}
