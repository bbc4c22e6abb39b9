package eu.xs2a.tpp.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.util.Map;

/** Prints a response for a human: the status line, the headers, a blank line and the body (JSON pretty-printed). */
public final class ResponsePrinter {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final DefaultPrettyPrinter PRETTY = new DefaultPrettyPrinter(
            Separators.createDefaultInstance().withObjectFieldValueSpacing(Separators.Spacing.AFTER))
            .withArrayIndenter(DefaultIndenter.SYSTEM_LINEFEED_INSTANCE);

    private static final String BOLD = "\u001b[1m";
    private static final String RED = "\u001b[31m";
    private static final String GREEN = "\u001b[32m";
    private static final String YELLOW = "\u001b[33m";
    private static final String DIM = "\u001b[2m";
    private static final String RESET = "\u001b[0m";

    private final PrintWriter out;
    private final boolean color;

    public ResponsePrinter(PrintWriter out, boolean color) {
        this.out = out;
        this.color = color;
    }

    /** Status line, headers and body. */
    public void print(GatewayResponse response) {
        printStatus(response.status());
        for (Map.Entry<String, String> header : response.headers()) {
            out.println(paint(DIM, header.getKey() + ":") + " " + header.getValue());
        }
        if (response.body().length > 0) {
            out.println();
            printBody(response);
        }
        out.flush();
    }

    /** Only the body (for {@code --quiet}, to pipe into another tool). */
    public void printBody(GatewayResponse response) {
        String text = response.json().map(ResponsePrinter::pretty).orElseGet(response::bodyText);
        out.println(text.endsWith("\n") ? text.substring(0, text.length() - 1) : text);
        out.flush();
    }

    /** The request as sent (for {@code --verbose}): method, URL, headers and body. */
    public void printRequest(OutgoingRequest request) {
        out.println(paint(BOLD, "> " + request.method() + " " + request.uri()));
        request.headers().forEach((name, value) -> out.println(paint(DIM, "> " + name + ":") + " " + value));
        if (request.body().length > 0) {
            out.println(">");
            new String(request.body(), java.nio.charset.StandardCharsets.UTF_8).lines()
                    .forEach(line -> out.println("> " + line));
        }
        out.println();
        out.flush();
    }

    private void printStatus(int status) {
        String colour = status >= 400 ? RED : status >= 300 ? YELLOW : GREEN;
        out.println(paint(BOLD + colour, "HTTP " + status + " " + reason(status)));
    }

    /** JSON with two-space indentation and {@code "name": value}. */
    public static String pretty(JsonNode node) {
        try {
            return JSON.writer(PRETTY).writeValueAsString(node);
        } catch (JsonProcessingException e) {
            return node.toString();
        }
    }

    private String paint(String style, String text) {
        return color ? style + text + RESET : text;
    }

    /** The reason phrase (java.net.http does not keep the one the server sent). */
    static String reason(int status) {
        return switch (status) {
            case 200 -> "OK";
            case 201 -> "Created";
            case 202 -> "Accepted";
            case 204 -> "No Content";
            case 301 -> "Moved Permanently";
            case 302 -> "Found";
            case 303 -> "See Other";
            case 304 -> "Not Modified";
            case 307 -> "Temporary Redirect";
            case 400 -> "Bad Request";
            case 401 -> "Unauthorized";
            case 403 -> "Forbidden";
            case 404 -> "Not Found";
            case 405 -> "Method Not Allowed";
            case 406 -> "Not Acceptable";
            case 409 -> "Conflict";
            case 410 -> "Gone";
            case 413 -> "Payload Too Large";
            case 415 -> "Unsupported Media Type";
            case 429 -> "Too Many Requests";
            case 500 -> "Internal Server Error";
            case 502 -> "Bad Gateway";
            case 503 -> "Service Unavailable";
            case 504 -> "Gateway Timeout";
            default -> "";
        };
    }
}
