package eu.xs2a.tpp.http;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;

/**
 * A {@code multipart/form-data} body (RFC 7578) of named parts, as {@code bin/tpp call --form} sends it (the
 * periodic payment of a pain.001 product is such a form): CRLF line ends, each part with its Content-Disposition
 * and, where known, its Content-Type, between lines of a random boundary that no part contains.
 */
public final class FormBody {

    private static final SecureRandom RANDOM = new SecureRandom();

    /** One part: its name, its Content-Type (null: none, text as RFC 7578 has it) and its bytes. */
    public record Part(String name, String contentType, byte[] content) {
    }

    private final String boundary;
    private final byte[] bytes;

    private FormBody(String boundary, byte[] bytes) {
        this.boundary = boundary;
        this.bytes = bytes;
    }

    /** The form of {@code parts}, in order. */
    public static FormBody of(List<Part> parts) {
        String boundary;
        do {
            byte[] random = new byte[12];
            RANDOM.nextBytes(random);
            boundary = "xs2a-form-" + HexFormat.of().formatHex(random);
        } while (containedIn(boundary, parts));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Part part : parts) {
            StringBuilder head = new StringBuilder("--").append(boundary).append("\r\n")
                    .append("Content-Disposition: form-data; name=\"").append(part.name()).append("\"\r\n");
            if (part.contentType() != null) {
                head.append("Content-Type: ").append(part.contentType()).append("\r\n");
            }
            out.writeBytes(head.append("\r\n").toString().getBytes(StandardCharsets.US_ASCII));
            out.writeBytes(part.content());
            out.writeBytes("\r\n".getBytes(StandardCharsets.US_ASCII));
        }
        out.writeBytes(("--" + boundary + "--\r\n").getBytes(StandardCharsets.US_ASCII));
        return new FormBody(boundary, out.toByteArray());
    }

    public String contentType() {
        return "multipart/form-data; boundary=" + boundary;
    }

    public byte[] bytes() {
        return bytes.clone();
    }

    private static boolean containedIn(String boundary, List<Part> parts) {
        String marker = "--" + boundary;
        return parts.stream().anyMatch(p -> new String(p.content(), StandardCharsets.ISO_8859_1).contains(marker));
    }
}
