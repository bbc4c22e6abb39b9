package eu.xs2a.tpp.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.Transformer;
import javax.xml.transform.TransformerException;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import org.w3c.dom.Document;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;
import org.xml.sax.helpers.DefaultHandler;

/**
 * Prints a response for a human: the status line, the headers, a blank line and the body (JSON pretty-printed, and XML
 * such as a camt or pain.002 report indented).
 */
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
        String text = response.json().map(ResponsePrinter::pretty)
                .or(() -> isXml(response) ? prettyXml(response.body()) : Optional.empty())
                .orElseGet(response::bodyText);
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

    private static boolean isXml(GatewayResponse response) {
        return response.header("Content-Type").map(type -> type.toLowerCase(Locale.ROOT).split(";")[0].strip())
                .filter(type -> type.equals("application/xml") || type.equals("text/xml")).isPresent();
    }

    /**
     * The document indented by two spaces, or empty when it is not well-formed. The parser refuses a DOCTYPE, so
     * nothing a body says is fetched or expanded.
     */
    static Optional<String> prettyXml(byte[] body) {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setNamespaceAware(true);
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            DocumentBuilder builder = factory.newDocumentBuilder();
            // no "[Fatal Error]" line on stderr: a body that does not parse is printed as it came
            builder.setErrorHandler(new DefaultHandler());
            Document document = builder.parse(new ByteArrayInputStream(body));
            document.setXmlStandalone(true);
            removeBlankText(document.getDocumentElement()); // an indented document would get blank lines
            document.normalizeDocument();
            TransformerFactory transformers = TransformerFactory.newInstance();
            transformers.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            Transformer transformer = transformers.newTransformer();
            transformer.setOutputProperty(OutputKeys.INDENT, "yes");
            transformer.setOutputProperty("{http://xml.apache.org/xslt}indent-amount", "2");
            StringWriter out = new StringWriter();
            transformer.transform(new DOMSource(document), new StreamResult(out));
            return Optional.of(out.toString());
        } catch (ParserConfigurationException | SAXException | IOException | TransformerException e) {
            return Optional.empty();
        }
    }

    private static void removeBlankText(Node node) {
        Node child = node.getFirstChild();
        while (child != null) {
            Node next = child.getNextSibling();
            if (child.getNodeType() == Node.TEXT_NODE && child.getTextContent().isBlank()) {
                node.removeChild(child);
            } else {
                removeBlankText(child);
            }
            child = next;
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
