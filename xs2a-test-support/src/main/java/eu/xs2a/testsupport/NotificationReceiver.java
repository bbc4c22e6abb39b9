package eu.xs2a.testsupport;

import com.sun.net.httpserver.HttpServer;
import eu.xs2a.security.client.RequestSigner;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.Signature;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A TPP's notification endpoint on localhost (docs/ARCHITECTURE.md "Notifications"): it keeps every POST it gets and
 * answers 204. Its port is chosen when it is made, so that its {@link #url} can be given before it listens: a
 * receiver not {@link #start}ed yet (or {@link #stop}ped) is one that is down, and the gateway's attempts fail with
 * "connection refused". {@link Received#verify} checks a notification as a TPP does: the Digest over the body, the
 * Signature over its signed headers with the key of the certificate in {@code ASPSP-Signature-Certificate}.
 */
public final class NotificationReceiver implements AutoCloseable {

    private static final Pattern PARAMETER = Pattern.compile("(\\w+)=\"([^\"]*)\"");

    private final int port;
    private final List<Received> received = new CopyOnWriteArrayList<>();
    private HttpServer server;

    public NotificationReceiver() {
        this.port = ServiceProcess.freePort();
    }

    /** The URI a TPP gives as TPP-Notification-URI. */
    public String url(String path) {
        return "http://localhost:" + port + path;
    }

    /** Listens from now on. */
    public synchronized NotificationReceiver start() {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 0);
        } catch (IOException e) {
            throw new IllegalStateException("Cannot listen on port " + port, e);
        }
        server.createContext("/", exchange -> {
            try (exchange; InputStream in = exchange.getRequestBody()) {
                Map<String, String> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
                exchange.getRequestHeaders().forEach((name, values) -> headers.put(name, values.get(0)));
                received.add(new Received(exchange.getRequestMethod(), exchange.getRequestURI().getPath(), headers,
                        in.readAllBytes()));
                exchange.sendResponseHeaders(204, -1);
            }
        });
        server.start();
        return this;
    }

    /** Down: connections are refused until {@link #start} again. */
    public synchronized void stop() {
        if (server != null) {
            server.stop(0);
            server = null;
        }
    }

    /** Everything received so far, in order of arrival. */
    public List<Received> received() {
        return List.copyOf(received);
    }

    @Override
    public void close() {
        stop();
    }

    /** One POST as it arrived. */
    public record Received(String method, String path, Map<String, String> headers, byte[] body) {

        public String text() {
            return new String(body, StandardCharsets.UTF_8);
        }

        public String header(String name) {
            return headers.get(name);
        }

        /** The certificate the gateway sent in ASPSP-Signature-Certificate (base64 of its DER). */
        public X509Certificate certificate() {
            String value = header("ASPSP-Signature-Certificate");
            if (value == null) {
                throw new AssertionError("No ASPSP-Signature-Certificate");
            }
            try {
                return (X509Certificate) CertificateFactory.getInstance("X.509")
                        .generateCertificate(new ByteArrayInputStream(Base64.getDecoder().decode(value)));
            } catch (GeneralSecurityException e) {
                throw new AssertionError("ASPSP-Signature-Certificate is no certificate: " + e.getMessage(), e);
            }
        }

        /**
         * Checks the notification as a TPP does, else AssertionError: the Digest is the body's SHA-256 (or SHA-512),
         * the Signature signs digest, x-request-id and date (at least) and verifies with the certificate of
         * ASPSP-Signature-Certificate, which must be {@code expected} (the bank's published seal certificate).
         */
        public void verify(X509Certificate expected) {
            X509Certificate certificate = certificate();
            if (!certificate.equals(expected)) {
                throw new AssertionError("Signed by " + certificate.getSubjectX500Principal() + ", not by the gateway's"
                        + " seal " + expected.getSubjectX500Principal());
            }
            String digest = header("Digest");
            if (digest == null || !digest.contains("=")) {
                throw new AssertionError("No Digest");
            }
            String algorithm = digest.substring(0, digest.indexOf('='));
            try {
                byte[] hash = MessageDigest.getInstance(algorithm.toUpperCase(Locale.ROOT)).digest(body);
                if (!Arrays.equals(hash, Base64.getDecoder().decode(digest.substring(digest.indexOf('=') + 1)))) {
                    throw new AssertionError("Digest does not match the body");
                }
                Map<String, String> parameters = new TreeMap<>();
                Matcher m = PARAMETER.matcher(header("Signature") == null ? "" : header("Signature"));
                while (m.find()) {
                    parameters.put(m.group(1), m.group(2));
                }
                List<String> signed = new ArrayList<>(List.of(parameters.getOrDefault("headers", "").split(" ")));
                if (!signed.containsAll(List.of("digest", "x-request-id", "date"))) {
                    throw new AssertionError("Signature does not sign digest, x-request-id and date: " + signed);
                }
                String jca = parameters.getOrDefault("algorithm", "").equals("rsa-sha512") ? "SHA512withRSA"
                        : "SHA256withRSA";
                Signature verifier = Signature.getInstance(jca);
                verifier.initVerify(certificate.getPublicKey());
                verifier.update(RequestSigner.signingString(signed, headers).getBytes(StandardCharsets.ISO_8859_1));
                if (!verifier.verify(Base64.getDecoder().decode(parameters.getOrDefault("signature", "")))) {
                    throw new AssertionError("Signature does not verify");
                }
            } catch (GeneralSecurityException | IllegalArgumentException e) {
                throw new AssertionError("Cannot verify: " + e.getMessage(), e);
            }
        }
    }
}
