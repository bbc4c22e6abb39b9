package eu.xs2a.sandbox;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A target a public Ingress routes as a PSU page (by its part before '#') never reaches the bank API or /q: sent over
 * a socket, since an HTTP client would resolve the dot-segments or drop the fragment itself.
 */
@QuarkusTest
class RequestTargetTest {

    @TestHTTPResource("/")
    URI base;

    private String send(String target) throws Exception {
        try (Socket socket = new Socket(base.getHost(), base.getPort())) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(("GET " + target + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"/sca/x#/../../q/health/live", "/sca/x/../../q/health/live", "/sca/%2e%2e/q/health/live"})
    void aFragmentOrADotSegmentIsRefused(String target) throws Exception {
        String answer = send(target);
        assertTrue(answer.startsWith("HTTP/1.1 400"), answer);
        assertTrue(answer.contains("\"code\":\"FORMAT_ERROR\""), answer);
    }

    @Test
    void plainTargetsPass() throws Exception {
        String live = send("/q/health/live");
        assertTrue(live.startsWith("HTTP/1.1 200"), live);
    }
}
