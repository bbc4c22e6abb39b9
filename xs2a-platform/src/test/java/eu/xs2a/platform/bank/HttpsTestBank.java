package eu.xs2a.platform.bank;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsExchange;
import com.sun.net.httpserver.HttpsParameters;
import com.sun.net.httpserver.HttpsServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.TrustManagerFactory;

/**
 * A bank on a real local HTTPS port that, like a bank requiring mutual TLS, completes a handshake only with a client
 * certificate issued by the CA it trusts; it answers {@code {"ok":true}} and remembers who called.
 */
final class HttpsTestBank implements AutoCloseable {

    private final HttpsServer server;
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final AtomicInteger requests = new AtomicInteger();
    private volatile String lastClientSubject;
    private volatile String lastAuthorization;

    private HttpsTestBank(HttpsServer server) {
        this.server = server;
    }

    static HttpsTestBank listen(int port, Path serverStore, String password, Path clientCa)
            throws IOException, GeneralSecurityException {
        KeyStore keys = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(serverStore)) {
            keys.load(in, password.toCharArray());
        }
        KeyManagerFactory keyManagers = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        keyManagers.init(keys, password.toCharArray());
        KeyStore trusted = KeyStore.getInstance("PKCS12");
        trusted.load(null, null);
        try (InputStream in = Files.newInputStream(clientCa)) {
            trusted.setCertificateEntry("client-ca", CertificateFactory.getInstance("X.509").generateCertificate(in));
        }
        TrustManagerFactory trustManagers = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trustManagers.init(trusted);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(keyManagers.getKeyManagers(), trustManagers.getTrustManagers(), null);

        HttpsServer server = HttpsServer.create(new InetSocketAddress("localhost", port), 0);
        server.setHttpsConfigurator(new HttpsConfigurator(context) {
            @Override
            public void configure(HttpsParameters params) {
                SSLParameters parameters = context.getDefaultSSLParameters();
                parameters.setNeedClientAuth(true);
                params.setSSLParameters(parameters);
            }
        });
        HttpsTestBank bank = new HttpsTestBank(server);
        server.createContext("/", exchange -> {
            bank.requests.incrementAndGet();
            bank.lastAuthorization = exchange.getRequestHeaders().getFirst("Authorization");
            X509Certificate client = (X509Certificate) ((HttpsExchange) exchange).getSSLSession()
                    .getPeerCertificates()[0];
            bank.lastClientSubject = client.getSubjectX500Principal().getName();
            byte[] body = "{\"ok\":true}".getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.setExecutor(bank.threads);
        server.start();
        return bank;
    }

    int requests() {
        return requests.get();
    }

    String lastClientSubject() {
        return lastClientSubject;
    }

    String lastAuthorization() {
        return lastAuthorization;
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }
}
