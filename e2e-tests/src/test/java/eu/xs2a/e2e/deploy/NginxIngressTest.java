package eu.xs2a.e2e.deploy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import eu.xs2a.testsupport.RawHttp;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The generated nginx configuration, run for real (as the local ingress of bin/run is) on free ports, in front of
 * stand-in services: routing by the table, the standard JSON error body for everything nginx answers itself, headers
 * and bodies passed unchanged, X-Forwarded-* set by the ingress, keep-alive to the services.
 * payment-service is left down on purpose (its port has no listener).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class NginxIngressTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Map<String, EchoUpstream> services = new LinkedHashMap<>();
    private LocalNginx nginx;
    private int port;

    @BeforeAll
    void startIngress() throws Exception {
        for (String name : List.of("registration-service", "consent-service", "account-service")) {
            services.put(name, new EchoUpstream(name));
        }
        port = Repo.freePort();
        List<String> args = new ArrayList<>(List.of("--listen", String.valueOf(port), "--workers", "1",
                "--upstream", "payment-service=" + Repo.freePort()));
        services.forEach((name, upstream) -> args.addAll(List.of("--upstream", name + "=" + upstream.port)));
        nginx = LocalNginx.start("ingress", port, args);
    }

    @AfterAll
    void stopIngress() throws Exception {
        if (nginx != null) {
            nginx.close();
        }
        services.values().forEach(EchoUpstream::close);
    }

    // --- routing -----------------------------------------------------------------------------------------------

    @Test
    void everyRouteOfTheTableReachesItsService() {
        for (Routes.Route route : Routes.table()) {
            String path = ("provider".equals(route.scope()) ? "/sandbox" : "") + route.path() + "/x";
            RawHttp.Response r = RawHttp.get(port, path);
            if ("payment-service".equals(route.service())) {
                assertEquals(503, r.status(), path + " (payment-service is down)");
                continue;
            }
            assertEquals(200, r.status(), path);
            assertEquals(route.service(), r.header("X-Upstream"), path);
            assertEquals(path, services.get(route.service()).last().rawUri());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"/internal/v1/consent-checks", "/sandbox/internal/v1/consent-checks",
        "/internal/v1/bank-events", "/sandbox/internal/v1/bank-events", "/q/health/ready",
        "/q/metrics", "/sandbox/api/berlingroup/v1/consentsX", "/nothing/here", "/sca/abc", "/bench/",
        "/.xs2a-errors/format-error", "/.xs2a-errors/unavailable"})
    void anUnmatchedPathGetsTheStandard404(String path) throws IOException {
        String requestId = UUID.randomUUID().toString();
        RawHttp.Response r = RawHttp.send(port, "POST", path, Map.of("X-Request-ID", requestId,
                "Content-Type", "application/json"), "{}".getBytes(StandardCharsets.UTF_8));
        assertStandardError(r, 404, "RESOURCE_UNKNOWN", "ResourceUnknown");
        assertEquals(requestId, r.header("X-Request-ID"));
        RawHttp.Response get = RawHttp.get(port, path);
        assertStandardError(get, 404, "RESOURCE_UNKNOWN", "ResourceUnknown");
        assertNull(get.header("X-Request-ID"), "no X-Request-ID sent, none echoed");
    }

    /** nginx echoes an X-Request-ID on its own answers only by the services' rule: 100 printable characters at most. */
    @Test
    void anOverlongRequestIdIsNotEchoed() throws IOException {
        String longest = "r".repeat(100);
        assertEquals(longest, RawHttp.send(port, "GET", "/nothing/here", Map.of("X-Request-ID", longest), null)
                .header("X-Request-ID"));
        RawHttp.Response tooLong = RawHttp.send(port, "GET", "/nothing/here", Map.of("X-Request-ID", "r".repeat(101)), null);
        assertStandardError(tooLong, 404, "RESOURCE_UNKNOWN", "ResourceUnknown");
        assertNull(tooLong.header("X-Request-ID"));
    }

    /** An HTTP/0.9 request (no headers, an answer without status line) is never passed to a service. */
    @Test
    void anHttp09RequestIsNotPassedOn() throws IOException {
        String path = "/sandbox/api/berlingroup/v1/consents/http09";
        String answer = RawHttp.exchange(port, "GET " + path + "\r\n");
        assertTrue(answer.contains("\"error_text\":\"FormatError\""), answer);
        assertTrue(services.values().stream().flatMap(s -> s.seen.stream()).noneMatch(s -> s.rawUri().equals(path)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"/sandbox/api/berlingroup/v1/consents/../../../../internal/v1/consent-checks",
        "/sandbox/api/berlingroup/v1/consents/%2e%2e/%2e%2e/x", "/sandbox/api/berlingroup/v1/accounts/.%2E%2fx",
        "/sandbox/api/berlingroup/v1/accounts/./x"})
    void aPathWithDotSegmentsIsRefusedBeforeRouting(String rawPath) throws IOException {
        RawHttp.Response r = RawHttp.get(port, rawPath);
        assertStandardError(r, 400, "FORMAT_ERROR", "FormatError");
        assertTrue(services.values().stream().flatMap(s -> s.seen.stream()).noneMatch(s -> s.rawUri().equals(rawPath)));
    }

    /** nginx cannot read such a request line, and the request it refuses has no URI: still the standard body. */
    @ParameterizedTest
    @ValueSource(strings = {"/sandbox/api/berlingroup/v1/consents/%ZZ", "/sandbox/api/berlingroup/v1/consents/%00",
        "/sandbox/api/berlingroup/v1/consents/%", "/%ZZ/api/berlingroup/v1/consents", "/a/../%ZZ",
        "/sandbox/api/berlingroup/v1/accounts?a=\u007f"})
    void aPathNginxCannotDecodeGetsTheStandard400NotHtml(String rawPath) throws IOException {
        RawHttp.Response r = RawHttp.get(port, rawPath);
        assertStandardError(r, 400, "FORMAT_ERROR", "FormatError");
        assertTrue(services.values().stream().flatMap(s -> s.seen.stream()).noneMatch(s -> s.rawUri().equals(rawPath)));
    }

    /**
     * Quarkus checks each request target with java.net.URI before any handler, and answers what fails with an empty
     * 400. Such targets are refused here in the standard body instead: a bad escape in the query (nginx decodes only
     * the path), characters RFC 3986 never allows unencoded, brackets in the path.
     */
    @ParameterizedTest
    @ValueSource(strings = {"/sandbox/api/berlingroup/v1/accounts?withBalance=%ZZ",
        "/sandbox/api/berlingroup/v1/accounts?withBalance=%", "/sandbox/api/berlingroup/v1/accounts?a=%4",
        "/sandbox/api/berlingroup/v1/consents/{id}", "/sandbox/api/berlingroup/v1/consents/a|b",
        "/sandbox/api/berlingroup/v1/consents/[x]", "/sandbox/api/berlingroup/v1/consents/a\\b",
        "/sandbox/api/berlingroup/v1/consents/a^b", "/sandbox/api/berlingroup/v1/accounts?a=\"x\"",
        "/sandbox/api/berlingroup/v1/accounts?a=<b>", "/sandbox/api/berlingroup/v1/accounts?a=`b`"})
    void aRequestTargetTheServicesWouldRefuseGetsTheStandard400(String rawTarget) throws IOException {
        String requestId = UUID.randomUUID().toString();
        RawHttp.Response r = RawHttp.send(port, "GET", rawTarget, Map.of("X-Request-ID", requestId), null);
        assertStandardError(r, 400, "FORMAT_ERROR", "FormatError");
        assertEquals(requestId, r.header("X-Request-ID"));
        assertTrue(services.values().stream().flatMap(s -> s.seen.stream()).noneMatch(s -> s.rawUri().equals(rawTarget)));
    }

    /** What RFC 3986 allows passes unchanged, brackets in the query too (java.net.URI accepts them there). */
    @Test
    void aRequestTargetWithEveryAllowedCharacterReachesTheService() {
        String target = "/sandbox/api/berlingroup/v1/accounts/A-z0.9_~!$&'()*+,;=:@%20"
                + "?dateFrom=2026-01-01&q=a/b?c:d@e!f$g&h'i(j)k*l+m,n;o=p%7E&filter[x]=1";
        assertEquals(200, RawHttp.get(port, target).status());
        assertEquals(target, services.get("account-service").last().rawUri());
    }

    /** An HTTP version or a transfer coding nginx does not speak is a request it cannot read: the standard 400. */
    @Test
    void anUnknownHttpVersionOrTransferCodingGetsTheStandard400NotHtml() throws IOException {
        String answer = RawHttp.exchange(port, "GET /sandbox/api/berlingroup/v1/consents/x HTTP/9.9\r\nHost: x\r\n\r\n");
        assertTrue(answer.startsWith("HTTP/1.1 400"), answer);
        assertTrue(answer.contains("\"error_text\":\"FormatError\""), answer);
        RawHttp.Response gzip = RawHttp.send(port, "POST", "/sandbox/api/berlingroup/v1/consents",
                Map.of("Transfer-Encoding", "gzip", "X-Request-ID", "5ae6b0a1-2c1e-4a58-9d4f-1f1e1f1e1f10"), null);
        assertStandardError(gzip, 400, "FORMAT_ERROR", "FormatError");
    }

    /**
     * On the routes a PSU's browser follows, nginx's own errors are a page (docs/ARCHITECTURE.md "PSU browser pages"):
     * a damaged SCA link, callback or OAuth link, opened by a browser or by a client that sends no Accept; a client
     * that asks for JSON there, and a browser on an API path, get the standard body.
     */
    @ParameterizedTest
    @ValueSource(strings = {
        "/sandbox/api/berlingroup/v1/payments/sepa-credit-transfers/7/authorisations/a/sca-redirect?token=%ZZ",
        "/sandbox/api/berlingroup/v1/consents/c/authorisations/a/sca-callback/s?code=a|b",
        "/sandbox/oauth/authorize?client_id=a|b", "/sandbox/oauth/callback/../x"})
    void aDamagedBrowserLinkGetsAPageUnlessJsonIsAskedFor(String rawTarget) throws IOException {
        for (Map<String, String> headers : List.of(Map.of("Accept", IngressPages.BROWSER_ACCEPT), Map.<String, String>of())) {
            IngressPages.assertPage(RawHttp.send(port, "GET", rawTarget, headers, null), 400, "This link cannot be used");
        }
        assertStandardError(RawHttp.send(port, "GET", rawTarget, Map.of("Accept", "application/json"), null), 400,
                "FORMAT_ERROR", "FormatError");
        assertStandardError(RawHttp.send(port, "GET", "/sandbox/api/berlingroup/v1/consents/%ZZ",
                Map.of("Accept", IngressPages.BROWSER_ACCEPT), null), 400, "FORMAT_ERROR", "FormatError");
        assertTrue(services.values().stream().flatMap(s -> s.seen.stream()).noneMatch(s -> s.rawUri().equals(rawTarget)));
    }

    /**
     * A browser link whose path nginx cannot decode is refused before its headers are read, so Accept is not known:
     * the page, as for a request without Accept.
     */
    @ParameterizedTest
    @ValueSource(strings = {"/sandbox/api/berlingroup/v1/consents/c/authorisations/a/sca-redirect/%ZZ",
        "/sandbox/api/berlingroup/v1/signing-baskets/b/authorisations/a/sca-callback/%00"})
    void aBrowserLinkNginxCannotDecodeGetsThePage(String rawPath) throws IOException {
        IngressPages.assertPage(RawHttp.send(port, "GET", rawPath, Map.of("Accept", IngressPages.BROWSER_ACCEPT), null),
                400, "This link cannot be used");
    }

    /** A browser route whose service is down, or that no route serves: a page, never the JSON body. */
    @Test
    void aBrowserLinkWhoseServiceIsDownGetsAPageToTryAgain() throws IOException {
        Map<String, String> browser = Map.of("Accept", IngressPages.BROWSER_ACCEPT);
        for (String target : List.of(
                "/sandbox/api/berlingroup/v1/payments/sepa-credit-transfers/7/authorisations/a/sca-redirect?token=t",
                "/sandbox/api/berlingroup/v1/payments/sepa-credit-transfers/7/sca-callback?state=s")) {
            RawHttp.Response r = RawHttp.send(port, "GET", target, browser, null);
            IngressPages.assertPage(r, 503, "The bank cannot be reached right now");
            assertEquals("5", r.header("Retry-After"));
        }
        IngressPages.assertPage(RawHttp.send(port, "GET", "/nowhere/sca-redirect/t", browser, null), 404,
                "This link cannot be used");
        assertStandardError(RawHttp.send(port, "GET", "/nowhere/sca-redirect/t", Map.of("Accept", "application/json"),
                null), 404, "RESOURCE_UNKNOWN", "ResourceUnknown");
    }

    /** Up to nginx's own limit, a long request line is the service's to answer (each service's limit is higher). */
    @Test
    void aLongRequestLineReachesTheServiceAndALongerOneGetsTheStandard400() throws IOException {
        String longPath = "/sandbox/api/berlingroup/v1/consents/" + "c".repeat(20_000);
        assertEquals(200, RawHttp.get(port, longPath).status());
        assertEquals(longPath, services.get("consent-service").last().rawUri());

        RawHttp.Response tooLong = RawHttp.get(port, "/sandbox/api/berlingroup/v1/consents/" + "c".repeat(40_000));
        assertStandardError(tooLong, 400, "FORMAT_ERROR", "FormatError");
    }

    @Test
    void aServiceThatIsDownGivesTheStandard503WithRetryAfter() throws IOException {
        String requestId = UUID.randomUUID().toString();
        RawHttp.Response r = RawHttp.send(port, "POST", "/sandbox/api/berlingroup/v1/payments/sepa-credit-transfers",
                Map.of("X-Request-ID", requestId, "Content-Type", "application/json"), "{}".getBytes(StandardCharsets.UTF_8));
        assertStandardError(r, 503, "SERVICE_UNAVAILABLE", "ServiceUnavailable");
        assertEquals("5", r.header("Retry-After"));
        assertEquals(requestId, r.header("X-Request-ID"));
    }

    // --- bodies and headers pass unchanged ------------------------------------------------------------------------

    @Test
    void theBodyArrivesByteForByte() {
        byte[] body = "{\r\n  \"access\" : {\"allPsd2\": \"allAccounts\"},\r\n  \"é\": \"\\u00e9\" }\r\n\r\n"
                .getBytes(StandardCharsets.UTF_8);
        RawHttp.Response r = RawHttp.send(port, "POST", "/sandbox/api/berlingroup/v1/consents",
                Map.of("Content-Type", "application/json"), body);
        assertEquals(200, r.status());
        EchoUpstream.Seen seen = services.get("consent-service").last();
        assertEquals(EchoUpstream.sha256(body), seen.bodySha256());
        assertEquals(body.length, seen.bodyLength());
    }

    @Test
    void aBodyOfExactly1MiBPassesAndOneByteMoreGetsTheStandard413() throws IOException {
        byte[] limit = new byte[1024 * 1024];
        java.util.Arrays.fill(limit, (byte) 'a');
        RawHttp.Response ok = RawHttp.send(port, "POST", "/sandbox/api/berlingroup/v1/consents", Map.of(), limit);
        assertEquals(200, ok.status());
        assertEquals(EchoUpstream.sha256(limit), services.get("consent-service").last().bodySha256());

        byte[] tooLarge = new byte[1024 * 1024 + 1];
        RawHttp.Response r = RawHttp.send(port, "POST", "/sandbox/api/berlingroup/v1/consents",
                Map.of("X-Request-ID", "99391c7e-ad88-49ec-a2ad-99ddcb1f7721"), tooLarge);
        assertStandardError(r, 413, "FORMAT_ERROR", "FormatError");
        assertEquals("99391c7e-ad88-49ec-a2ad-99ddcb1f7721", r.header("X-Request-ID"));
    }

    @Test
    void signedHeadersArriveUnchangedAndForwardedHeadersAreTheIngresss() {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("X-Request-ID", "5ae6b0a1-2c1e-4a58-9d4f-1f1e1f1e1f1e");
        headers.put("Digest", "SHA-256=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=");
        headers.put("Signature", "keyId=\"SN=1A,CA=CN=Test CA, O=Test, C=DE\",algorithm=\"rsa-sha256\","
                + "headers=\"digest x-request-id date psu-id\",signature=\"AbC+/=\"");
        headers.put("TPP-Signature-Certificate", "A".repeat(6000));
        headers.put("PSU_ID", "psu1");
        headers.put("PSU-ID", "  psu 1  tail");
        headers.put("TPP-Redirect-URI", "https://tpp.example/cb?a=1&b=%20x");
        headers.put("X-Forwarded-Host", "attacker.example");
        headers.put("X-Forwarded-Proto", "gopher");
        RawHttp.Response r = RawHttp.send(port, "GET", "/sandbox/api/berlingroup/v1/accounts?withBalance=true",
                headers, null);
        assertEquals(200, r.status());
        EchoUpstream.Seen seen = services.get("account-service").last();
        assertEquals("/sandbox/api/berlingroup/v1/accounts?withBalance=true", seen.rawUri());
        for (String name : List.of("X-Request-ID", "Digest", "Signature", "TPP-Signature-Certificate", "PSU_ID",
                "TPP-Redirect-URI")) {
            assertEquals(headers.get(name), seen.header(name), name);
        }
        assertEquals("psu 1  tail", seen.header("PSU-ID"), "inner spaces kept (HTTP itself drops the outer ones)");
        assertEquals("127.0.0.1:" + port, seen.header("Host"), "the client's Host");
        assertEquals("127.0.0.1:" + port, seen.header("X-Forwarded-Host"), "set by the ingress, not the client's");
        assertEquals("http", seen.header("X-Forwarded-Proto"));
        assertEquals("127.0.0.1", seen.header("X-Forwarded-For"));
        assertEquals(String.valueOf(port), seen.header("X-Forwarded-Port"));
        assertEquals("/", seen.header("X-Forwarded-Prefix"));
    }

    /** HTTP/1.0 allows a request without Host; a service still gets one, or Quarkus would answer its own 400. */
    @Test
    void anHttp10RequestWithoutHostReachesTheServiceWithTheIngresssAddress() throws IOException {
        String answer = RawHttp.exchange(port, "GET /sandbox/api/berlingroup/v1/consents/no-host HTTP/1.0\r\n\r\n");
        assertTrue(answer.startsWith("HTTP/1.1 200"), answer);
        EchoUpstream.Seen seen = services.get("consent-service").last();
        assertEquals("/sandbox/api/berlingroup/v1/consents/no-host", seen.rawUri());
        assertEquals("127.0.0.1:" + port, seen.header("Host"));
        assertEquals("127.0.0.1:" + port, seen.header("X-Forwarded-Host"));
    }

    @Test
    void theServicesAreReachedOverKeptAliveHttp11Connections() {
        EchoUpstream registration = services.get("registration-service");
        int before = registration.seen.size();
        for (int i = 0; i < 5; i++) {
            assertEquals(200, RawHttp.get(port, "/api/berlingroup/v1/tpp/register/" + i).status());
        }
        List<EchoUpstream.Seen> seen = registration.seen.subList(before, registration.seen.size());
        assertTrue(seen.stream().allMatch(s -> "HTTP/1.1".equals(s.protocol())));
        assertTrue(seen.stream().allMatch(s -> s.header("Connection") == null), "no Connection: close upstream");
        Set<Integer> connections = seen.stream().map(EchoUpstream.Seen::remotePort).collect(Collectors.toSet());
        assertEquals(1, connections.size(), "one upstream connection for five requests: " + connections);
    }

    @Test
    void theAccessLogIsOneJsonLinePerRequestWithTheRequestId() throws IOException {
        String requestId = UUID.randomUUID().toString();
        RawHttp.send(port, "GET", "/sandbox/api/berlingroup/v1/consents/log-check", Map.of("X-Request-ID", requestId), null);
        JsonNode line = null;
        for (String l : Files.readAllLines(nginx.dir().resolve("logs/nginx-access.log"))) {
            JsonNode node = JSON.readTree(l);
            if (requestId.equals(node.path("requestId").asText())) {
                line = node;
            }
        }
        assertNotNull(line, "a log line with the request id");
        assertEquals(200, line.path("status").asInt());
        assertEquals("/sandbox/api/berlingroup/v1/consents/log-check", line.path("uri").asText());
        assertEquals("127.0.0.1:" + services.get("consent-service").port, line.path("upstream").asText());
    }

    /** A one-time SCA link's token or a callback's state never reaches the log, whether in the path or the query. */
    @Test
    void theAccessLogLeavesOutScaTokensAndStates() throws IOException {
        String consents = "/sandbox/api/berlingroup/v1/consents/c1/authorisations/a1";
        String payments = "/sandbox/api/berlingroup/v1/payments/sepa-credit-transfers/7/authorisations/a2";
        for (String target : List.of(consents + "/sca-redirect/TOKEN-in-path", payments + "/sca-redirect?token=TOKEN-in-query",
                "/sandbox/api/berlingroup/v1/consents/c1/authorisations/a1/sca-callback/STATE-in-path",
                "/sandbox/api/berlingroup/v1/payments/sepa-credit-transfers/7/sca-callback?state=STATE-in-query",
                "/sandbox/oauth/callback?link=TOKEN-in-oauth-link")) {
            RawHttp.get(port, target);
        }
        List<String> lines = Files.readAllLines(nginx.dir().resolve("logs/nginx-access.log"));
        assertTrue(lines.stream().noneMatch(l -> l.contains("TOKEN-in") || l.contains("STATE-in")), String.join("\n", lines));
        assertTrue(lines.stream().anyMatch(l -> l.contains(consents + "/sca-redirect/***")), String.join("\n", lines));
        assertTrue(lines.stream().anyMatch(l -> l.contains(payments + "/sca-redirect/***")), String.join("\n", lines));
        assertTrue(lines.stream().anyMatch(l -> l.contains("/sandbox/oauth/callback/***")), String.join("\n", lines));
    }

    // --- static content ----------------------------------------------------------------------------------------

    @Test
    void theDeveloperPageAndTheBenchmarkFileAreServed() throws IOException {
        RawHttp.Response page = RawHttp.get(port, "/");
        assertEquals(200, page.status());
        assertTrue(page.header("Content-Type").startsWith("text/html"), page.header("Content-Type"));
        assertArrayEquals(Files.readAllBytes(Repo.path("ingress/site/index.html")), page.body());

        RawHttp.Response bench = RawHttp.get(port, "/bench/static.json");
        assertEquals(200, bench.status());
        assertEquals("application/json", bench.header("Content-Type"));
        JSON.readTree(bench.body());
    }

    @Test
    void aWriteToTheStaticSiteGetsTheStandard405() throws IOException {
        RawHttp.Response r = RawHttp.send(port, "POST", "/index.html", Map.of(), new byte[] {'x'});
        assertStandardError(r, 405, "SERVICE_INVALID", "ServiceInvalid");
        RawHttp.Response root = RawHttp.send(port, "DELETE", "/", Map.of(), null);
        assertStandardError(root, 405, "SERVICE_INVALID", "ServiceInvalid");
    }

    @Test
    void anOversizedHeaderGetsTheStandard400NotHtml() throws IOException {
        RawHttp.Response r = RawHttp.send(port, "GET", "/sandbox/api/berlingroup/v1/consents/x",
                Map.of("X-Huge", "h".repeat(40_000)), null);
        assertStandardError(r, 400, "FORMAT_ERROR", "FormatError");
    }

    private static void assertStandardError(RawHttp.Response r, int status, String code, String text) throws IOException {
        assertEquals(status, r.status(), r.bodyText());
        assertEquals("application/json", r.header("Content-Type"));
        JsonNode body = JSON.readTree(r.body());
        assertEquals(code, body.path("error_code").asText(), r.bodyText());
        assertEquals(text, body.path("error_text").asText());
        assertNotEquals("", body.path("error_message").asText());
        assertEquals(1, body.path("tppMessages").size());
        JsonNode message = body.path("tppMessages").get(0);
        assertEquals("ERROR", message.path("category").asText());
        assertEquals(code, message.path("code").asText());
        assertEquals(body.path("error_message").asText(), message.path("text").asText());
        assertEquals(Set.of("tppMessages", "error_code", "error_text", "error_message"),
                toSet(body.fieldNames()));
    }

    private static Set<String> toSet(java.util.Iterator<String> names) {
        Set<String> set = new java.util.HashSet<>();
        names.forEachRemaining(set::add);
        return set;
    }

    static {
        // fail early and clearly if the JSON library is missing from the test class path
        try {
            JSON.readTree("{}");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
