package eu.xs2a.testsupport;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * HTTP/1.1 over a plain socket: the request goes out exactly as written (raw paths with dot-segments or a
 * {@code #}, header names with underscores, header values one octet per char, chosen body bytes), which is what a
 * check of an ingress or of a service's own request guards needs and what HTTP client libraries refuse to send.
 */
public final class RawHttp {

    private static final String LOOPBACK = "127.0.0.1";

    /** The answer; header names in lower case. */
    public record Response(int status, Map<String, List<String>> headers, byte[] body) {

        public String header(String name) {
            List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
            return values == null ? null : values.get(0);
        }

        public String bodyText() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    private RawHttp() {
    }

    /** Sends one request to 127.0.0.1 (Connection: close is added) and reads the whole answer. */
    public static Response send(int port, String method, String rawTarget, Map<String, String> headers, byte[] body) {
        return send(LOOPBACK, port, method, rawTarget, headers, body);
    }

    /** A GET of the raw target from the application at {@code base} (a test's {@code @TestHTTPResource("/")}). */
    public static Response get(URI base, String rawTarget, Map<String, String> headers) {
        return send(base.getHost(), base.getPort(), "GET", rawTarget, headers, null);
    }

    public static Response get(int port, String rawTarget) {
        return send(port, "GET", rawTarget, Map.of(), null);
    }

    /**
     * Writes these bytes as they are (a request line no HTTP library would write: HTTP/0.9, an unknown version) to
     * 127.0.0.1 and answers all that comes back as text, unparsed: the answer may not be HTTP/1.1 either.
     */
    public static String exchange(int port, String rawRequest) {
        try (Socket socket = new Socket(LOOPBACK, port)) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(rawRequest.getBytes(StandardCharsets.US_ASCII));
            return new String(readAll(socket.getInputStream()), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Response send(String host, int port, String method, String rawTarget, Map<String, String> headers,
                                 byte[] body) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), 5_000);
            socket.setSoTimeout(30_000);
            StringBuilder head = new StringBuilder();
            head.append(method).append(' ').append(rawTarget).append(" HTTP/1.1\r\n");
            head.append("Host: ").append(host).append(':').append(port).append("\r\n");
            headers.forEach((k, v) -> head.append(k).append(": ").append(v).append("\r\n"));
            if (body != null) {
                head.append("Content-Length: ").append(body.length).append("\r\n");
            }
            head.append("Connection: close\r\n\r\n");
            OutputStream out = socket.getOutputStream();
            out.write(head.toString().getBytes(StandardCharsets.ISO_8859_1));
            if (body != null) {
                try {
                    out.write(body);
                } catch (IOException refusedMidway) {
                    // nginx may answer (413) and close before it has read a too large body; the answer is still there
                }
            }
            out.flush();
            return parse(readAll(socket.getInputStream()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] readAll(InputStream in) throws IOException {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        byte[] chunk = new byte[8192];
        try {
            for (int n; (n = in.read(chunk)) != -1; ) {
                buffer.write(chunk, 0, n);
            }
        } catch (java.net.SocketException resetAfterAnswer) {
            if (buffer.size() == 0) {
                throw resetAfterAnswer;
            }
        }
        return buffer.toByteArray();
    }

    private static Response parse(byte[] raw) {
        int end = indexOf(raw, "\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1), 0);
        if (end < 0) {
            throw new IllegalStateException("no complete HTTP response head in " + raw.length + " bytes");
        }
        String[] lines = new String(raw, 0, end, StandardCharsets.ISO_8859_1).split("\r\n");
        int status = Integer.parseInt(lines[0].split(" ")[1]);
        Map<String, List<String>> headers = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            headers.computeIfAbsent(lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT), k -> new ArrayList<>())
                    .add(lines[i].substring(colon + 1).trim());
        }
        byte[] body = java.util.Arrays.copyOfRange(raw, end + 4, raw.length);
        List<String> te = headers.get("transfer-encoding");
        if (te != null && te.get(0).equalsIgnoreCase("chunked")) {
            body = dechunk(body);
        }
        return new Response(status, headers, body);
    }

    private static byte[] dechunk(byte[] body) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int pos = 0;
        while (true) {
            int lineEnd = indexOf(body, new byte[] {'\r', '\n'}, pos);
            int size = Integer.parseInt(new String(body, pos, lineEnd - pos, StandardCharsets.ISO_8859_1).split(";")[0].trim(), 16);
            if (size == 0) {
                return out.toByteArray();
            }
            out.write(body, lineEnd + 2, size);
            pos = lineEnd + 2 + size + 2;
        }
    }

    private static int indexOf(byte[] haystack, byte[] needle, int from) {
        outer:
        for (int i = from; i <= haystack.length - needle.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
