package eu.xs2a.consent.support;

import eu.xs2a.testsupport.RefusingBank;
import eu.xs2a.testsupport.ServiceProcess;
import eu.xs2a.testsupport.SwitchableProxy;
import java.net.URI;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * Provider sandbox2, whose bank port ({@link SandboxBank}) a test fills itself: a proxy to the real sandbox bank that
 * it switches on and off ("bank unreachable"), or a {@link RefusingBank} answering every call with one status.
 */
public final class Sandbox2 {

    public static final String AIS = "/sandbox2/api/berlingroup/v1/consents";

    private Sandbox2() {
    }

    /** A proxy on sandbox2's port to the real sandbox bank, not yet listening (call {@link #bankUp}). */
    public static SwitchableProxy proxyToTheBank() {
        URI bank = URI.create(config("psd2.providers.sandbox.bank-url"));
        return new SwitchableProxy(port(), bank.getHost(), bank.getPort());
    }

    /**
     * A bank answering every call of sandbox2 with {@code status}. The RefusingBank listens on a free port behind a
     * proxy on sandbox2's port: closed connections there linger in TIME_WAIT, which only the proxy (SO_REUSEADDR)
     * binds through. Call it while the test's own proxy is down.
     */
    public static AutoCloseable refusingBank(int status, String code) {
        int port = ServiceProcess.freePort();
        RefusingBank bank = RefusingBank.listen(port, status, code);
        SwitchableProxy front = bankUp(new SwitchableProxy(port(), "localhost", port));
        return () -> {
            front.down();
            bank.close();
        };
    }

    /**
     * Starts a proxy on sandbox2's port. Connections a previous proxy closed can keep the port busy for a moment
     * (accepted sockets still closing), so binding is retried briefly.
     */
    public static SwitchableProxy bankUp(SwitchableProxy proxy) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (true) {
            try {
                return proxy.up();
            } catch (IllegalStateException busy) {
                if (System.nanoTime() > deadline) {
                    throw busy;
                }
                try {
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw busy;
                }
            }
        }
    }

    private static int port() {
        return URI.create(config("psd2.providers.sandbox2.bank-url")).getPort();
    }

    private static String config(String key) {
        return ConfigProvider.getConfig().getValue(key, String.class);
    }
}
