package eu.xs2a.testsupport;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.math.BigInteger;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.bouncycastle.asn1.x509.CRLReason;
import org.bouncycastle.cert.jcajce.JcaX509CertificateHolder;
import org.bouncycastle.cert.ocsp.BasicOCSPResp;
import org.bouncycastle.cert.ocsp.BasicOCSPRespBuilder;
import org.bouncycastle.cert.ocsp.CertificateStatus;
import org.bouncycastle.cert.ocsp.OCSPReq;
import org.bouncycastle.cert.ocsp.OCSPRespBuilder;
import org.bouncycastle.cert.ocsp.Req;
import org.bouncycastle.cert.ocsp.RevokedStatus;
import org.bouncycastle.cert.ocsp.jcajce.JcaBasicOCSPRespBuilder;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;
import org.bouncycastle.operator.jcajce.JcaDigestCalculatorProviderBuilder;

/**
 * A test CA's OCSP responder and CRL distribution point on localhost, as a qualified trust service provider runs them:
 * {@code POST /ocsp} answers RFC 6960 requests, {@code GET /ca.crl} serves the CA's current CRL, both signed by the CA
 * and listing what {@link #revoke} was told. Tests can take it down, make it hold its answers, sign with a foreign key,
 * and count the calls it got. Certificates name it with {@link TestPki.TppBuilder#revocationFrom}.
 */
public final class RevocationServer implements AutoCloseable {

    private final TestPki pki;
    private final HttpServer server;
    private final ExecutorService executor = Executors.newCachedThreadPool();
    private final Map<BigInteger, Instant> revoked = new ConcurrentHashMap<>();
    private final AtomicInteger ocspCalls = new AtomicInteger();
    private final AtomicInteger crlCalls = new AtomicInteger();
    private volatile Duration validity = Duration.ofHours(1);
    private volatile boolean down;
    private volatile PrivateKey signingKey;
    private volatile CountDownLatch held;

    private RevocationServer(TestPki pki) throws IOException {
        this.pki = pki;
        this.signingKey = pki.caKey();
        this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/ocsp", exchange -> answer(exchange, ocspCalls, this::ocsp));
        server.createContext("/ca.crl", exchange -> answer(exchange, crlCalls, this::crl));
        server.setExecutor(executor);
        server.start();
    }

    /** A responder and distribution point of {@code pki}, listening until {@link #close}. */
    public static RevocationServer start(TestPki pki) {
        try {
            return new RevocationServer(pki);
        } catch (IOException e) {
            throw new IllegalStateException("Cannot start the revocation server", e);
        }
    }

    public String ocspUrl() {
        return "http://localhost:" + server.getAddress().getPort() + "/ocsp";
    }

    public String crlUrl() {
        return "http://localhost:" + server.getAddress().getPort() + "/ca.crl";
    }

    /** From now on both sources list the certificate as revoked (keyCompromise, an hour ago). */
    public void revoke(X509Certificate certificate) {
        revoked.put(certificate.getSerialNumber(), Instant.now().minus(Duration.ofHours(1)));
    }

    /** How long answers given from now on are current (their nextUpdate); an hour unless set. */
    public void validity(Duration validity) {
        this.validity = validity;
    }

    /** Down: every call is answered 503, as by a responder in maintenance. */
    public void down(boolean down) {
        this.down = down;
    }

    /** Answers from now on are signed with a key that is not the CA's (a forged responder). */
    public void signWithForeignKey() {
        KeyPair foreign = TestKeys.rsa();
        this.signingKey = foreign.getPrivate();
    }

    /** Calls received from now on wait, unanswered, until {@link #release}. */
    public void hold() {
        held = new CountDownLatch(1);
    }

    public void release() {
        CountDownLatch latch = held;
        held = null;
        if (latch != null) {
            latch.countDown();
        }
    }

    public int ocspCalls() {
        return ocspCalls.get();
    }

    public int crlCalls() {
        return crlCalls.get();
    }

    @Override
    public void close() {
        release();
        server.stop(0);
        executor.shutdownNow();
    }

    private interface Handler {
        byte[] body(HttpExchange exchange) throws IOException, GeneralSecurityException;
    }

    private void answer(HttpExchange exchange, AtomicInteger calls, Handler handler) throws IOException {
        try (exchange) {
            calls.incrementAndGet();
            CountDownLatch latch = held;
            if (latch != null) {
                latch.await(60, TimeUnit.SECONDS);
            }
            if (down) {
                exchange.sendResponseHeaders(503, -1);
                return;
            }
            byte[] body = handler.body(exchange);
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        } catch (GeneralSecurityException | RuntimeException e) {
            exchange.sendResponseHeaders(500, -1);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private byte[] ocsp(HttpExchange exchange) throws IOException, GeneralSecurityException {
        OCSPReq request = new OCSPReq(exchange.getRequestBody().readAllBytes());
        try {
            X509Certificate ca = pki.caCertificate();
            BasicOCSPRespBuilder builder = new JcaBasicOCSPRespBuilder(ca.getPublicKey(),
                    new JcaDigestCalculatorProviderBuilder().build().get(
                            org.bouncycastle.cert.ocsp.RespID.HASH_SHA1));
            Date now = new Date();
            Date nextUpdate = Date.from(Instant.now().plus(validity));
            for (Req one : request.getRequestList()) {
                Instant revokedAt = revoked.get(one.getCertID().getSerialNumber());
                CertificateStatus status = revokedAt == null ? CertificateStatus.GOOD
                        : new RevokedStatus(Date.from(revokedAt), CRLReason.keyCompromise);
                builder.addResponse(one.getCertID(), status, now, nextUpdate);
            }
            BasicOCSPResp basic = builder.build(new JcaContentSignerBuilder("SHA256withRSA").build(signingKey),
                    new org.bouncycastle.cert.X509CertificateHolder[] {new JcaX509CertificateHolder(ca)}, now);
            return new OCSPRespBuilder().build(OCSPRespBuilder.SUCCESSFUL, basic).getEncoded();
        } catch (org.bouncycastle.operator.OperatorCreationException | org.bouncycastle.cert.ocsp.OCSPException e) {
            throw new GeneralSecurityException(e);
        }
    }

    private byte[] crl(HttpExchange exchange) throws GeneralSecurityException {
        Set<BigInteger> serials = Set.copyOf(revoked.keySet());
        return pki.crlOf(serials, Instant.now().plus(validity), signingKey).getEncoded();
    }
}
