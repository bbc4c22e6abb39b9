package eu.xs2a.testsupport;

import java.io.Closeable;
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
import java.util.function.BooleanSupplier;

/**
 * A plain TCP forwarder in front of a real service (in the tests, the sandbox bank) that a test switches on and off,
 * so that "the bank is down" happens for real. While down nothing listens on its port: a connection is refused,
 * exactly as by a bank that is down, and the open ones are closed. While up every byte goes through unchanged.
 * While held, it accepts connections but lets none through until released: a bank that is slow to answer. While
 * answers are lost, requests go through and the answers are dropped: a bank that did the work, and the caller never
 * heard (its read timeout, or a network that failed on the way back).
 *
 * <p>A proxy started by a Quarkus test resource lives in another class loader than the tests that would switch it
 * (Quarkus loads test classes again for each application restart), so it may also be given a {@code cut} switch that
 * it reads on every connection and every read, such as a system property: while that is true, new connections are
 * dropped once accepted and open ones as soon as either side sends something.
 */
public final class SwitchableProxy implements AutoCloseable {

    private static final int BUFFER_SIZE = 16 * 1024;

    private final String targetHost;
    private final int targetPort;
    private final BooleanSupplier cut;
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private final Semaphore heldConnections = new Semaphore(0);
    private volatile int port;
    private volatile ServerSocket server;
    private volatile CountDownLatch gate = new CountDownLatch(0);
    private volatile boolean answersLost;

    /** A proxy from {@code port} (0: a free port, chosen at the first {@link #up}) to the target; down until {@link #up}. */
    public SwitchableProxy(int port, String targetHost, int targetPort) {
        this(port, targetHost, targetPort, () -> false);
    }

    /** The same, also cutting every connection while {@code cut} is true. */
    public SwitchableProxy(int port, String targetHost, int targetPort, BooleanSupplier cut) {
        this.port = port;
        this.targetHost = targetHost;
        this.targetPort = targetPort;
        this.cut = cut;
    }

    /** Starts listening (again, on the same port). */
    public synchronized SwitchableProxy up() {
        if (server != null) {
            return this;
        }
        try {
            ServerSocket socket = new ServerSocket();
            socket.setReuseAddress(true);
            socket.bind(new InetSocketAddress("localhost", port));
            port = socket.getLocalPort();
            server = socket;
            Thread acceptor = new Thread(() -> accept(socket), "proxy-accept-" + port);
            acceptor.setDaemon(true);
            acceptor.start();
        } catch (IOException e) {
            throw new IllegalStateException("Cannot listen on " + port, e);
        }
        return this;
    }

    /** Stops listening and closes every open connection; a held connection is let go (and fails). */
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

    @Override
    public void close() {
        down();
    }

    /** The port it listens on (once up, when it was built with port 0). */
    public int port() {
        return port;
    }

    /** From now on, connections wait at the proxy (the caller's request is sent, no answer comes) until {@link #release}. */
    public void hold() {
        gate = new CountDownLatch(1);
    }

    public void release() {
        gate.countDown();
    }

    /** From now on, until {@link #deliverAnswers}, requests reach the target and its answers are dropped. */
    public void loseAnswers() {
        answersLost = true;
    }

    public void deliverAnswers() {
        answersLost = false;
    }

    /** Waits until a connection is waiting at the held proxy; false after the timeout. */
    public boolean awaitHeldConnection(long seconds) throws InterruptedException {
        return heldConnections.tryAcquire(seconds, TimeUnit.SECONDS);
    }

    private void accept(ServerSocket socket) {
        while (!socket.isClosed()) {
            try {
                Socket client = socket.accept();
                if (cut.getAsBoolean()) {
                    closeQuietly(client);
                    continue;
                }
                CountDownLatch current = gate;
                if (current.getCount() > 0) {
                    heldConnections.release();
                    current.await();
                }
                Socket upstream = new Socket(targetHost, targetPort);
                open.add(client);
                open.add(upstream);
                pump(client, upstream, false);
                pump(upstream, client, true);
            } catch (IOException e) {
                // closed by down(), or the target refused: the client sees a closed connection
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private void pump(Socket from, Socket to, boolean answers) {
        Thread thread = new Thread(() -> {
            byte[] buffer = new byte[BUFFER_SIZE];
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                int n;
                while ((n = in.read(buffer)) >= 0 && !cut.getAsBoolean()) {
                    if (!(answers && answersLost)) {
                        out.write(buffer, 0, n);
                        out.flush();
                    }
                }
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

    private static void closeQuietly(Closeable closeable) {
        try {
            closeable.close();
        } catch (IOException e) {
            // already closed
        }
    }
}
