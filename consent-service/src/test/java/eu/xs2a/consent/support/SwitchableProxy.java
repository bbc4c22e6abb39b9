package eu.xs2a.consent.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * A plain TCP forwarder in front of the real bank that a test switches on and off: while off nothing listens on
 * the port (connection refused, exactly like a bank that is down); while on every byte goes to the bank unchanged.
 * While held, it accepts connections but lets none through until released: a bank that is slow to answer.
 */
public final class SwitchableProxy {

    private final int port;
    private final String targetHost;
    private final int targetPort;
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private volatile ServerSocket server;
    private volatile CountDownLatch gate = new CountDownLatch(0);
    private final Semaphore heldConnections = new Semaphore(0);

    public SwitchableProxy(int port, String targetHost, int targetPort) {
        this.port = port;
        this.targetHost = targetHost;
        this.targetPort = targetPort;
    }

    public synchronized void up() {
        if (server != null) {
            return;
        }
        try {
            ServerSocket socket = new ServerSocket();
            socket.setReuseAddress(true);
            socket.bind(new InetSocketAddress("localhost", port));
            server = socket;
            Thread acceptor = new Thread(() -> accept(socket), "proxy-accept-" + port);
            acceptor.setDaemon(true);
            acceptor.start();
        } catch (IOException e) {
            throw new IllegalStateException("Cannot listen on " + port, e);
        }
    }

    public synchronized void down() {
        gate.countDown();
        if (server == null) {
            return;
        }
        closeQuietly(server);
        server = null;
        open.forEach(SwitchableProxy::closeQuietly);
        open.clear();
    }

    /** From now on, connections wait at the proxy (the caller's request is sent, no answer comes) until {@link #release}. */
    public void hold() {
        gate = new CountDownLatch(1);
    }

    public void release() {
        gate.countDown();
    }

    /** Waits until a connection is waiting at the held proxy; false after the timeout. */
    public boolean awaitHeldConnection(long seconds) throws InterruptedException {
        return heldConnections.tryAcquire(seconds, TimeUnit.SECONDS);
    }

    private void accept(ServerSocket socket) {
        while (!socket.isClosed()) {
            try {
                Socket client = socket.accept();
                CountDownLatch current = gate;
                if (current.getCount() > 0) {
                    heldConnections.release();
                    current.await();
                }
                Socket upstream = new Socket(targetHost, targetPort);
                open.add(client);
                open.add(upstream);
                pump(client, upstream);
                pump(upstream, client);
            } catch (IOException e) {
                // closed by down(), or the bank refused: the client sees a closed connection
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private void pump(Socket from, Socket to) {
        Thread thread = new Thread(() -> {
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                in.transferTo(out);
            } catch (IOException e) {
                // one side closed
            } finally {
                closeQuietly(from);
                closeQuietly(to);
                open.remove(from);
                open.remove(to);
            }
        }, "proxy-pump-" + port);
        thread.setDaemon(true);
        thread.start();
    }

    private static void closeQuietly(java.io.Closeable closeable) {
        try {
            closeable.close();
        } catch (IOException e) {
            // nothing to do
        }
    }
}
