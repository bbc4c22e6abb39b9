package eu.xs2a.account.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.Socket;

/**
 * A plain TCP forwarder in front of the sandbox bank that a test can cut: while the system property
 * {@link #DOWN} is {@code true}, new connections are dropped at once and open ones as soon as anything is sent on
 * them, as by a bank that went down. (A system property and not a field: the tests that cut it may run in another
 * class loader than the one that started the proxy.)
 */
public final class SwitchableProxy {

    public static final String DOWN = "eu.xs2a.account.test.sandbox2-bank-down";

    private final int targetPort;
    private final ServerSocket server;

    public SwitchableProxy(int targetPort) {
        this.targetPort = targetPort;
        try {
            this.server = new ServerSocket(0);
        } catch (IOException e) {
            throw new IllegalStateException("cannot open the bank proxy", e);
        }
        Thread acceptor = new Thread(this::accept, "bank-proxy-accept");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    public int port() {
        return server.getLocalPort();
    }

    private static boolean down() {
        return Boolean.getBoolean(DOWN);
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                if (down()) {
                    closeQuietly(client);
                    continue;
                }
                Socket upstream = new Socket("localhost", targetPort);
                pump(client, upstream);
                pump(upstream, client);
            } catch (IOException e) {
                // the target refused: the client sees a dropped connection
            }
        }
    }

    private void pump(Socket from, Socket to) {
        Thread thread = new Thread(() -> {
            byte[] buffer = new byte[16384];
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                int n;
                while ((n = in.read(buffer)) >= 0) {
                    if (down()) {
                        break;
                    }
                    out.write(buffer, 0, n);
                    out.flush();
                }
            } catch (IOException e) {
                // connection ended
            } finally {
                closeQuietly(from);
                closeQuietly(to);
            }
        }, "bank-proxy-pump");
        thread.setDaemon(true);
        thread.start();
    }

    private static void closeQuietly(AutoCloseable closeable) {
        try {
            closeable.close();
        } catch (Exception e) {
            // already closed
        }
    }
}
