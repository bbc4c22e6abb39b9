package eu.xs2a.platform.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import eu.xs2a.platform.LogLines;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A refusal's log line and body stay within bounds whatever a handler quotes: a value of kilobytes with line breaks
 * and control characters, which would otherwise stretch the line and forge lines after it.
 */
@QuarkusTest
class RefusalLogTest {

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @TestHTTPResource("/test/quoting")
    URI quoting;

    @Test
    void aQuotedValueNeitherStretchesNorBreaksTheLogLine() throws Exception {
        String value = "x\r\n12:00:00.000 ERROR [forged] line\u0007\u001b[31m" + "y".repeat(3_000);
        HttpResponse<String> answer;
        try (LogLines log = LogLines.of(ErrorMappers.class)) {
            answer = HTTP.send(HttpRequest.newBuilder(URI.create(quoting + "?value="
                    + URLEncoder.encode(value, StandardCharsets.UTF_8))).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            List<String> lines = log.with("/test/quoting refused 400 FormatError");
            assertEquals(1, lines.size(), log.lines.toString());
            String line = lines.get(0);
            assertTrue(line.contains("value 'x??12:00:00.000 ERROR [forged] line??[31myyy"), line);
            assertTrue(line.chars().noneMatch(Character::isISOControl), line);
            assertTrue(line.length() < 700, "the message is cut at 500 characters: " + line.length());
        }
        assertEquals(400, answer.statusCode(), answer.body());
        JsonNode text = new ObjectMapper().readTree(answer.body()).at("/tppMessages/0/text");
        assertEquals(500, text.asText().length());
        assertTrue(text.asText().startsWith("value 'x\r\n12:00:00.000 ERROR"), "the body says what was sent (JSON "
                + "escapes it)");
        assertFalse(text.asText().contains("is not accepted here"));
    }
}
