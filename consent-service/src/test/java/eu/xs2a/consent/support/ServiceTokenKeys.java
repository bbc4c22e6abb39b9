package eu.xs2a.consent.support;

import eu.xs2a.testsupport.TestKeys;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.spec.PKCS8EncodedKeySpec;
import java.time.Instant;
import java.util.Base64;
import java.util.Map;

/**
 * The service-token key pair of the consent lookup, made at test time under {@code target/service-token/}
 * (public key as PEM for {@code mp.jwt.verify.publickey.location}, private key as binary PKCS#8 so no private
 * key text ever exists) and a minimal RS256 JWT signer standing in for account-service.
 */
public class ServiceTokenKeys implements QuarkusTestResourceLifecycleManager {

    private static final Path DIR = Path.of("target", "service-token").toAbsolutePath();
    private static final Path PUBLIC_PEM = DIR.resolve("public.pem");
    private static final Path PRIVATE_DER = DIR.resolve("private.pk8");

    @Override
    public Map<String, String> start() {
        ensureKeys();
        return Map.of("mp.jwt.verify.publickey.location", PUBLIC_PEM.toString());
    }

    @Override
    public void stop() {
        // the keys stay under target/ for the rest of the run
    }

    private static synchronized void ensureKeys() {
        if (Files.exists(PRIVATE_DER)) {
            return;
        }
        try {
            Files.createDirectories(DIR);
            KeyPair keys = TestKeys.rsa();
            String pem = "-----BEGIN PUBLIC KEY-----\n"
                    + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                    .encodeToString(keys.getPublic().getEncoded())
                    + "\n-----END PUBLIC KEY-----\n";
            Files.writeString(PUBLIC_PEM, pem, StandardCharsets.US_ASCII);
            Files.write(PRIVATE_DER, keys.getPrivate().getEncoded());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The private key account-service would hold. */
    public static PrivateKey privateKey() {
        ensureKeys();
        try {
            return KeyFactory.getInstance("RSA").generatePrivate(new PKCS8EncodedKeySpec(Files.readAllBytes(PRIVATE_DER)));
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A valid service token: issuer xs2a-gateway, audience consent-service, 5 minutes. */
    public static String token() {
        return token("xs2a-gateway", "consent-service", Instant.now().plusSeconds(300), privateKey());
    }

    /** An RS256 JWT with the given claims and key (tests make wrong ones on purpose). */
    public static String token(String issuer, String audience, Instant expiresAt, PrivateKey key) {
        return token(issuer, audience, Instant.now().minusSeconds(5), expiresAt, key);
    }

    /** The same, issued at a given moment (a token already past its exp must have been issued before it). */
    public static String token(String issuer, String audience, Instant issuedAt, Instant expiresAt, PrivateKey key) {
        String header = "{\"alg\":\"RS256\",\"typ\":\"JWT\"}";
        String payload = "{\"iss\":\"" + issuer + "\",\"aud\":\"" + audience + "\",\"sub\":\"account-service\","
                + "\"upn\":\"account-service\",\"iat\":" + issuedAt.getEpochSecond() + ",\"exp\":" + expiresAt.getEpochSecond()
                + ",\"jti\":\"" + java.util.UUID.randomUUID() + "\"}";
        String signingInput = b64(header.getBytes(StandardCharsets.UTF_8)) + "." + b64(payload.getBytes(StandardCharsets.UTF_8));
        try {
            Signature signature = Signature.getInstance("SHA256withRSA");
            signature.initSign(key);
            signature.update(signingInput.getBytes(StandardCharsets.US_ASCII));
            return signingInput + "." + b64(signature.sign());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A key no service trusts. */
    public static PrivateKey foreignKey() {
        return TestKeys.rsa().getPrivate();
    }

    private static String b64(byte[] bytes) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
