package eu.xs2a.registration.domain;

import eu.xs2a.registration.config.OAuthConfig;
import eu.xs2a.security.client.Pem;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.RSAPublicKeySpec;
import java.util.Optional;
import org.jboss.logging.Logger;
import org.jose4j.jwk.JsonWebKey;
import org.jose4j.jwk.JsonWebKeySet;
import org.jose4j.jwk.RsaJsonWebKey;

/**
 * The key that signs access tokens ({@code psd2.oauth.signing-key}, an RSA private key in PEM), read once at start,
 * and its public half as the JWKS every service verifies tokens with. The {@code kid} is the key's RFC 7638
 * thumbprint, so a new key gets a new kid by itself. A key that is configured but unreadable stops the service; none
 * configured leaves the token endpoint answering 503.
 */
@Startup
@ApplicationScoped
public class OAuthSigningKey {

    private static final Logger LOG = Logger.getLogger(OAuthSigningKey.class);

    /** The key, its id and its published JWKS. */
    public record Loaded(PrivateKey privateKey, String keyId, String jwks) {
    }

    private final Optional<Loaded> loaded;

    public OAuthSigningKey(OAuthConfig config) {
        this.loaded = config.signingKey().filter(path -> !path.isBlank()).map(OAuthSigningKey::load);
        if (loaded.isEmpty()) {
            LOG.warn("psd2.oauth.signing-key is not set: the OAuth token endpoints answer 503 until it is");
        }
    }

    /** The key, or 503 temporarily_unavailable when none is configured. */
    public Loaded require() {
        return loaded.orElseThrow(() -> new OAuthException(OAuthError.TEMPORARILY_UNAVAILABLE,
                "This server has no token signing key configured"));
    }

    /** The public JWKS: the one key, or no key at all. */
    public String jwks() {
        return loaded.map(Loaded::jwks).orElse("{\"keys\":[]}");
    }

    private static Loaded load(String location) {
        try {
            PrivateKey key = Pem.privateKey(Files.readString(Path.of(location)));
            if (!(key instanceof RSAPrivateCrtKey rsa)) {
                throw new IllegalStateException("psd2.oauth.signing-key " + location + " is not an RSA private key");
            }
            RSAPublicKey publicKey = (RSAPublicKey) KeyFactory.getInstance("RSA")
                    .generatePublic(new RSAPublicKeySpec(rsa.getModulus(), rsa.getPublicExponent()));
            RsaJsonWebKey jwk = new RsaJsonWebKey(publicKey);
            jwk.setKeyId(jwk.calculateBase64urlEncodedThumbprint("SHA-256"));
            jwk.setAlgorithm("RS256");
            jwk.setUse("sig");
            String jwks = new JsonWebKeySet(jwk).toJson(JsonWebKey.OutputControlLevel.PUBLIC_ONLY);
            return new Loaded(key, jwk.getKeyId(), jwks);
        } catch (IOException e) {
            throw new IllegalStateException("psd2.oauth.signing-key " + location + " cannot be read", e);
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new IllegalStateException("psd2.oauth.signing-key " + location + " is not a usable RSA key: "
                    + e.getMessage(), e);
        }
    }
}
