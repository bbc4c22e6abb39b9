package eu.xs2a.e2e.deploy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A stand-in for a service that dies while it works on a request: it reads the whole request (line, headers and the
 * body of its Content-Length), then closes the connection without a byte of answer, as a service killed with kill -9
 * after receiving it does. The ingress has sent the request and lost its answer.
 */
final class HangUpUpstream implements AutoCloseable {

    private static final Pattern CONTENT_LENGTH = Pattern.compile("(?im)^content-length:\\s*(\\d+)\\s*$");

    final int port;
    /** The request line of every request read whole. */
    final List<String> received = new CopyOnWriteArrayList<>();
    private final ServerSocket server;
    private final Thread acceptor;

    HangUpUpstream() {
        try {
            server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        port = server.getLocalPort();
        acceptor = new Thread(this::accept, "hang-up-upstream");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    private void accept() {
        while (!server.isClosed()) {
            try (Socket connection = server.accept()) {
                InputStream in = connection.getInputStream();
                String head = readHead(in);
                if (head == null) {
                    continue;
                }
                Matcher length = CONTENT_LENGTH.matcher(head);
                in.readNBytes(length.find() ? Integer.parseInt(length.group(1)) : 0);
                received.add(head.lines().findFirst().orElse(""));
                // closing here, unanswered: the ingress sees the upstream close the connection after its request
            } catch (IOException e) {
                // closed by close(), or the ingress gave up first: nothing to answer either way
            }
        }
    }

    /** The request line and headers up to the blank line, or null when the connection ends first. */
    private static String readHead(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) != -1) {
            head.write(b);
            byte[] bytes = head.toByteArray();
            int n = bytes.length;
            if (n >= 4 && bytes[n - 4] == '\r' && bytes[n - 3] == '\n' && bytes[n - 2] == '\r' && bytes[n - 1] == '\n') {
                return head.toString(StandardCharsets.ISO_8859_1);
            }
        }
        return null;
    }

    @Override
    public void close() {
        try {
            server.close();
        } catch (IOException e) {
            // already closed
        }
    }
}
