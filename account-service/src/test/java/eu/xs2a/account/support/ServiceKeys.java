package eu.xs2a.account.support;

import eu.xs2a.testsupport.TestKeys;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.interfaces.RSAPublicKey;
import java.util.Base64;
import org.jose4j.jwk.JsonWebKey;
import org.jose4j.jwk.RsaJsonWebKey;

/**
 * The service-token key pair of a test run, made at test time (never committed): the private half as a JWK for
 * account-service's {@code smallrye.jwt.sign.key.location}, the public half for consent-service's verifier.
 */
public final class ServiceKeys {

    private static final Path DIR = Path.of("target", "service-token").toAbsolutePath();
    /** Set once per JVM: later class loaders (Quarkus restarts) read the same key pair instead of making one. */
    private static final String MADE = "eu.xs2a.account.test.service-keys";
    private static ServiceKeys shared;

    private final java.security.PublicKey publicKey;
    private final Path privateJwk;
    private final Path publicPem;
    private final Path publicJwk;

    private ServiceKeys(java.security.PublicKey publicKey, Path privateJwk, Path publicPem, Path publicJwk) {
        this.publicKey = publicKey;
        this.privateJwk = privateJwk;
        this.publicPem = publicPem;
        this.publicJwk = publicJwk;
    }

    public static synchronized ServiceKeys shared() {
        if (shared == null) {
            synchronized (System.getProperties()) {
                shared = System.getProperty(MADE) == null ? create() : load();
                System.setProperty(MADE, "true");
            }
        }
        return shared;
    }

    private static ServiceKeys load() {
        try {
            RsaJsonWebKey jwk = (RsaJsonWebKey) JsonWebKey.Factory.newJwk(
                    Files.readString(DIR.resolve("account-service-verify.jwk.json")));
            return new ServiceKeys(jwk.getPublicKey(), DIR.resolve("account-service-signing.jwk.json"),
                    DIR.resolve("account-service-verify.pem"), DIR.resolve("account-service-verify.jwk.json"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (org.jose4j.lang.JoseException e) {
            throw new IllegalStateException(e);
        }
    }

    private static ServiceKeys create() {
        try {
            KeyPair pair = TestKeys.rsa();
            Files.createDirectories(DIR);
            RsaJsonWebKey jwk = new RsaJsonWebKey((RSAPublicKey) pair.getPublic());
            jwk.setPrivateKey(pair.getPrivate());
            jwk.setAlgorithm("RS256");
            Path privateJwk = DIR.resolve("account-service-signing.jwk.json");
            Files.writeString(privateJwk, jwk.toJson(JsonWebKey.OutputControlLevel.INCLUDE_PRIVATE));
            Path publicJwk = DIR.resolve("account-service-verify.jwk.json");
            Files.writeString(publicJwk, jwk.toJson(JsonWebKey.OutputControlLevel.PUBLIC_ONLY));
            Path publicPem = DIR.resolve("account-service-verify.pem");
            String body = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                    .encodeToString(pair.getPublic().getEncoded());
            Files.writeString(publicPem, "-----BEGIN PUBLIC KEY-----\n" + body + "\n-----END PUBLIC KEY-----\n");
            return new ServiceKeys(pair.getPublic(), privateJwk, publicPem, publicJwk);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public java.security.PublicKey publicKey() {
        return publicKey;
    }

    public Path privateJwk() {
        return privateJwk;
    }

    public Path publicPem() {
        return publicPem;
    }

    public Path publicJwk() {
        return publicJwk;
    }
}
