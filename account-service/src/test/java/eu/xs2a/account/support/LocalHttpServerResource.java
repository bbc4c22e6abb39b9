package eu.xs2a.account.support;

import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.Map;
import java.util.concurrent.Executors;

/**
 * A test resource that is a real HTTP server on a free port of 127.0.0.1, started before the application and stopped
 * after it. It answers on a thread per call, so that one slow answer holds up no other.
 */
public abstract class LocalHttpServerResource implements QuarkusTestResourceLifecycleManager {

    private HttpServer server;

    /** What the server answers, by path prefix. */
    protected abstract Map<String, HttpHandler> handlers();

    /** The application's configuration, given the server's base URL ({@code http://127.0.0.1:<port>}). */
    protected abstract Map<String, String> config(String url);

    @Override
    public Map<String, String> start() {
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        handlers().forEach(server::createContext);
        server.setExecutor(Executors.newCachedThreadPool());
        server.start();
        return config("http://127.0.0.1:" + server.getAddress().getPort());
    }

    @Override
    public void stop() {
        if (server != null) {
            server.stop(0);
        }
    }
}
