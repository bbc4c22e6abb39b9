package eu.xs2a.security.app;

import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.testsupport.TestPkiResource;
import io.quarkus.test.common.QuarkusTestResource;
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
 * RequestTargetGuard, over a socket (an HTTP client would resolve the dot-segments or drop the fragment before
 * sending): a target that an ingress could route by its first part never reaches another route (each target below
 * would reach /public/hello once resolved).
 */
@QuarkusTest
@QuarkusTestResource(value = TestPkiResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = TestDatabase.class, restrictToAnnotatedClass = false)
class RequestTargetTest {

    private static final String REQUEST_ID = "8a4d2c35-1f0e-4b53-9d6c-2f1b7e6a9c11";

    @TestHTTPResource("/")
    URI base;

    private String send(String target) throws Exception {
        try (Socket socket = new Socket(base.getHost(), base.getPort())) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(("GET " + target + " HTTP/1.1\r\nHost: localhost\r\nX-Request-ID: " + REQUEST_ID
                    + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"/unrouted#/../public/hello", "/unrouted/../public/hello",
        "/unrouted/%2e%2e/public/hello", "/public/hello#fragment"})
    void aTargetWithAFragmentOrADotSegmentIsAFormatErrorInTheStandardBody(String target) throws Exception {
        String answer = send(target);
        assertTrue(answer.startsWith("HTTP/1.1 400"), answer);
        assertTrue(answer.contains("\"error_text\":\"FormatError\""), answer);
        assertTrue(answer.contains("dot-segment"), answer);
        assertTrue(answer.toLowerCase().contains("x-request-id: " + REQUEST_ID), answer);
    }

    @Test
    void plainTargetsPass() throws Exception {
        String plain = send("/public/hello");
        assertTrue(plain.startsWith("HTTP/1.1 200"), plain);
        String hello = send("/public/hello?next=/../q");
        assertTrue(hello.startsWith("HTTP/1.1 200"), hello);
    }
}
