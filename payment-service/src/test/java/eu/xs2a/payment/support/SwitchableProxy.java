package eu.xs2a.payment.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A plain TCP forwarder from a local port to the real bank: while it is closed nothing listens on the port
 * (connection refused, a bank that is down); once opened every byte goes to the bank unchanged.
 */
public final class SwitchableProxy implements AutoCloseable {

    private final ServerSocket server;
    private final String targetHost;
    private final int targetPort;
    private final Set<Socket> sockets = ConcurrentHashMap.newKeySet();
    private final ExecutorService threads = Executors.newCachedThreadPool(r -> {
        Thread thread = new Thread(r, "switchable-proxy");
        thread.setDaemon(true);
        return thread;
    });

    private SwitchableProxy(int port, String targetHost, int targetPort) throws IOException {
        this.server = new ServerSocket();
        this.server.setReuseAddress(true);
        this.server.bind(new InetSocketAddress(port));
        this.targetHost = targetHost;
        this.targetPort = targetPort;
        threads.submit(this::acceptLoop);
    }

    public static SwitchableProxy open(int port, String targetHost, int targetPort) {
        try {
            return new SwitchableProxy(port, targetHost, targetPort);
        } catch (IOException e) {
            throw new IllegalStateException("Cannot listen on " + port, e);
        }
    }

    private void acceptLoop() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                Socket upstream = new Socket(targetHost, targetPort);
                sockets.add(client);
                sockets.add(upstream);
                threads.submit(() -> pump(client, upstream));
                threads.submit(() -> pump(upstream, client));
            } catch (IOException e) {
                // closed, or the bank itself is gone: the client sees its connection end
            }
        }
    }

    private void pump(Socket from, Socket to) {
        try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
            in.transferTo(out);
        } catch (IOException e) {
            // one side closed
        } finally {
            closeQuietly(from);
            closeQuietly(to);
        }
    }

    @Override
    public void close() {
        closeQuietly(server);
        sockets.forEach(SwitchableProxy::closeQuietly);
        threads.shutdownNow();
    }

    private static void closeQuietly(AutoCloseable closeable) {
        try {
            closeable.close();
        } catch (Exception e) {
            // nothing to do
        }
    }
}
