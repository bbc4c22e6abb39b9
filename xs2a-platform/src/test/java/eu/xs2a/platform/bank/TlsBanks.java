package eu.xs2a.platform.bank;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Date;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * A bank behind HTTPS that demands a client certificate, and four providers calling it: the certificates are made
 * here for each run (nothing is committed), written as PEM files under {@code target/}, and named in the
 * {@code quarkus.tls.*} configurations the providers use:
 * <ul>
 *   <li>{@code mtls}: trusts the bank's CA and presents a client certificate of the CA the bank trusts;</li>
 *   <li>{@code nocert}: trusts the bank's CA, presents no client certificate;</li>
 *   <li>{@code strangecert}: trusts the bank's CA, presents a client certificate of a CA the bank does not know;</li>
 *   <li>{@code defaulttrust}: no TLS configuration, so the JVM's CAs, which never issued the bank's certificate.</li>
 * </ul>
 * The test opens the bank ({@link HttpsTestBank}) on the port and with the server key store named by
 * {@code test.bank.*}.
 */
public class TlsBanks implements QuarkusTestResourceLifecycleManager {

    private static final SecureRandom RANDOM = new SecureRandom();

    @Override
    public Map<String, String> start() {
        try {
            Path dir = Files.createDirectories(Path.of("target", "bank-tls"));
            dir = Files.createTempDirectory(dir, "run");
            Authority bankCa = Authority.create("CN=Test Bank CA");
            Authority gatewayClientCa = Authority.create("CN=Gateway Client CA");
            Authority strangerCa = Authority.create("CN=Unknown Client CA");

            Issued server = bankCa.issue("CN=localhost", KeyPurposeId.id_kp_serverAuth, true);
            Issued client = gatewayClientCa.issue("CN=xs2a-gateway client", KeyPurposeId.id_kp_clientAuth, false);
            Issued stranger = strangerCa.issue("CN=xs2a-gateway client", KeyPurposeId.id_kp_clientAuth, false);

            Path bankCaPem = pem(dir.resolve("bank-ca.pem"), "CERTIFICATE", bankCa.certificate.getEncoded());
            Path clientCaPem = pem(dir.resolve("client-ca.pem"), "CERTIFICATE", gatewayClientCa.certificate.getEncoded());
            Path clientPem = pem(dir.resolve("client.pem"), "CERTIFICATE", client.certificate.getEncoded());
            Path clientKey = pem(dir.resolve("client.key"), "PRIVATE KEY", client.key.getEncoded());
            Path strangerPem = pem(dir.resolve("stranger.pem"), "CERTIFICATE", stranger.certificate.getEncoded());
            Path strangerKey = pem(dir.resolve("stranger.key"), "PRIVATE KEY", stranger.key.getEncoded());

            String password = HexFormat.of().formatHex(RANDOM.generateSeed(12));
            KeyStore serverStore = KeyStore.getInstance("PKCS12");
            serverStore.load(null, null);
            serverStore.setKeyEntry("server", server.key, password.toCharArray(),
                    new Certificate[] {server.certificate, bankCa.certificate});
            Path serverP12 = dir.resolve("server.p12");
            try (OutputStream out = Files.newOutputStream(serverP12)) {
                serverStore.store(out, password.toCharArray());
            }

            int port = freePort();
            Map<String, String> config = new HashMap<>();
            config.put("test.bank.port", String.valueOf(port));
            config.put("test.bank.server-store", serverP12.toAbsolutePath().toString());
            config.put("test.bank.server-store-password", password);
            config.put("test.bank.client-ca", clientCaPem.toAbsolutePath().toString());

            config.put("quarkus.tls.bank-mtls.trust-store.pem.certs", bankCaPem.toAbsolutePath().toString());
            config.put("quarkus.tls.bank-mtls.key-store.pem.gateway.cert", clientPem.toAbsolutePath().toString());
            config.put("quarkus.tls.bank-mtls.key-store.pem.gateway.key", clientKey.toAbsolutePath().toString());
            config.put("quarkus.tls.bank-trust.trust-store.pem.certs", bankCaPem.toAbsolutePath().toString());
            config.put("quarkus.tls.bank-stranger.trust-store.pem.certs", bankCaPem.toAbsolutePath().toString());
            config.put("quarkus.tls.bank-stranger.key-store.pem.gateway.cert", strangerPem.toAbsolutePath().toString());
            config.put("quarkus.tls.bank-stranger.key-store.pem.gateway.key", strangerKey.toAbsolutePath().toString());

            Map<String, String> tlsOf = Map.of("mtls", "bank-mtls", "nocert", "bank-trust",
                    "strangecert", "bank-stranger", "defaulttrust", "");
            tlsOf.forEach((code, tls) -> {
                String prefix = "psd2.providers." + code + ".";
                config.put(prefix + "name", "TLS bank " + code);
                config.put(prefix + "bank-url", "https://localhost:" + port);
                config.put(prefix + "bank-credential", code + "-credential");
                config.put(prefix + "payment-products", "sepa-credit-transfers");
                config.put(prefix + "time-zone", "Europe/Berlin");
                if (!tls.isEmpty()) {
                    config.put(prefix + "tls-configuration-name", tls);
                }
            });
            return config;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (GeneralSecurityException | org.bouncycastle.operator.OperatorCreationException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void stop() {
    }

    private static Path pem(Path file, String type, byte[] der) throws IOException {
        String body = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(der);
        Files.writeString(file, "-----BEGIN " + type + "-----\n" + body + "\n-----END " + type + "-----\n");
        return file;
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private record Issued(X509Certificate certificate, PrivateKey key) {
    }

    private record Authority(X509Certificate certificate, PrivateKey key) {

        static Authority create(String subject) throws GeneralSecurityException,
                org.bouncycastle.operator.OperatorCreationException, IOException {
            KeyPair pair = keyPair();
            X500Name name = new X500Name(subject);
            JcaX509v3CertificateBuilder builder = builder(name, name, pair);
            builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(true));
            return new Authority(sign(builder, pair.getPrivate()), pair.getPrivate());
        }

        Issued issue(String subject, KeyPurposeId purpose, boolean localhost) throws GeneralSecurityException,
                org.bouncycastle.operator.OperatorCreationException, IOException {
            KeyPair pair = keyPair();
            JcaX509v3CertificateBuilder builder = builder(
                    X500Name.getInstance(certificate.getSubjectX500Principal().getEncoded()), new X500Name(subject), pair);
            builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(false));
            builder.addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(purpose));
            if (localhost) {
                builder.addExtension(Extension.subjectAlternativeName, false, new GeneralNames(new GeneralName[] {
                        new GeneralName(GeneralName.dNSName, "localhost"),
                        new GeneralName(GeneralName.iPAddress, "127.0.0.1")}));
            }
            return new Issued(sign(builder, key), pair.getPrivate());
        }

        private static KeyPair keyPair() throws GeneralSecurityException {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
            generator.initialize(256);
            return generator.generateKeyPair();
        }

        private static JcaX509v3CertificateBuilder builder(X500Name issuer, X500Name subject, KeyPair pair) {
            Instant now = Instant.now();
            return new JcaX509v3CertificateBuilder(issuer, new BigInteger(64, RANDOM),
                    Date.from(now.minus(Duration.ofMinutes(5))), Date.from(now.plus(Duration.ofDays(1))), subject,
                    pair.getPublic());
        }

        private static X509Certificate sign(JcaX509v3CertificateBuilder builder, PrivateKey signer)
                throws GeneralSecurityException, org.bouncycastle.operator.OperatorCreationException {
            return new JcaX509CertificateConverter().getCertificate(
                    builder.build(new JcaContentSignerBuilder("SHA256withECDSA").build(signer)));
        }
    }
}
