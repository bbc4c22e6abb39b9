package eu.xs2a.security.app;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.testsupport.TestPkiResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * BodySizeGuard reads a JSON body of announced length on the IO thread, so the REST layer's worker gets it whole;
 * other bodies (forms, chunked, HTTP/2) stream to the REST layer as before. Either way the resource sees the same bytes.
 */
@QuarkusTest
@QuarkusTestResource(value = TestPkiResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = TestDatabase.class, restrictToAnnotatedClass = false)
class BodyReadAheadTest {

    private static final String PATH = "/public/body";

    @TestHTTPResource("/")
    URI base;

    @Test
    void aJsonBodyWithContentLengthIsReadAhead() {
        given().contentType("application/json; charset=utf-8").body("{\"a\": [1, 2]}").post(PATH).then()
                .statusCode(200).body(equalTo("read ahead:{\"a\": [1, 2]}"));
    }

    @Test
    void aJsonBodyOfExactlyTheLimitIsReadAheadWhole() {
        byte[] body = new byte[1024 * 1024];
        Arrays.fill(body, (byte) ' ');
        body[0] = '{';
        body[body.length - 1] = '}';
        String answer = given().contentType("application/json").body(body).post(PATH).then()
                .statusCode(200).extract().asString();
        assertEquals("read ahead:" + new String(body, StandardCharsets.UTF_8), answer);
    }

    @Test
    void aJsonBodyArrivingInTwoPartsIsReadAheadWhole() throws Exception {
        String body = "{\"first\": \"part\", \"second\": \"part\"}";
        int half = body.length() / 2;
        try (Socket socket = new Socket(base.getHost(), base.getPort())) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(("POST " + PATH + " HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                    + "Content-Length: " + body.length() + "\r\nConnection: close\r\n\r\n" + body.substring(0, half))
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            Thread.sleep(300);
            out.write(body.substring(half).getBytes(StandardCharsets.US_ASCII));
            out.flush();
            String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(answer.startsWith("HTTP/1.1 200"), answer);
            assertTrue(answer.endsWith("read ahead:" + body), answer);
        }
    }

    @Test
    void http2BodiesStream() throws Exception {
        // the JDK client upgrades to h2c on its first request, then sends the rest as HTTP/2 streams
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_2).build();
        boolean sawHttp2 = false;
        for (int i = 0; i < 3; i++) {
            String body = "{\"request\": " + i + "}";
            HttpRequest request = HttpRequest.newBuilder(base.resolve(PATH)).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(body)).build();
            HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
            assertEquals(200, response.statusCode(), response.body());
            assertTrue(response.body().endsWith(":" + body), response.body());
            if (response.version() == HttpClient.Version.HTTP_2) {
                sawHttp2 = true;
                assertEquals("streamed:" + body, response.body());
            }
        }
        assertTrue(sawHttp2, "the client never spoke HTTP/2");
    }

    @Test
    void anEmptyJsonBodyIsAnsweredAtOnce() throws Exception {
        // a request whose body is empty has ended before BodySizeGuard sees it; Vert.x's BodyHandler would then wait
        // for an end that has already passed, and the request would hang
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        for (int i = 0; i < 20; i++) {
            HttpRequest request = HttpRequest.newBuilder(base.resolve(PATH)).header("Content-Type", "application/json")
                    .timeout(Duration.ofSeconds(10)).POST(HttpRequest.BodyPublishers.noBody()).build();
            HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
            assertEquals(200, response.statusCode(), response.body());
            assertTrue(response.body().endsWith(":"), response.body());
        }
    }

    @Test
    void aFormBodyStreams() {
        given().contentType("application/x-www-form-urlencoded").body("psu=psu1&otp=123456").post(PATH).then()
                .statusCode(200).body(equalTo("streamed:psu=psu1&otp=123456"));
    }

    @Test
    void aJsonBodyWithoutContentLengthStreams() throws Exception {
        byte[] body = "{\"chunked\": true}".getBytes(StandardCharsets.UTF_8);
        HttpRequest request = HttpRequest.newBuilder(base.resolve(PATH)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> (InputStream) new ByteArrayInputStream(body)))
                .build();
        HttpResponse<String> response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
        assertEquals(200, response.statusCode(), response.body());
        assertEquals("streamed:{\"chunked\": true}", response.body());
    }
}
