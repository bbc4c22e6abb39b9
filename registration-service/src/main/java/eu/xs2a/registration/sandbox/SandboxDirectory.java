package eu.xs2a.registration.sandbox;

import eu.xs2a.registration.config.SandboxConfig;
import eu.xs2a.registration.domain.DirectoryKeys;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.RSAPublicKeySpec;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.jose4j.jwk.RsaJsonWebKey;
import org.jose4j.jws.AlgorithmIdentifiers;
import org.jose4j.jws.JsonWebSignature;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.lang.JoseException;

/**
 * The sandbox SSA directory: signs software statements (PS256) with {@code psd2.sandbox.directory-key}. The key id is
 * the one under which the matching public key is published in {@code psd2.registration.directory-jwks}, so a
 * statement issued here verifies at registration; without a match it is the key's RFC 7638 thumbprint.
 */
@ApplicationScoped
public class SandboxDirectory {

    public static final String ISSUER = "xs2a-sandbox-directory";

    private record SigningKey(PrivateKey privateKey, PublicKey publicKey) {
    }

    @Inject SandboxConfig config;
    @Inject DirectoryKeys directoryKeys;
    @Inject Clock clock;
    private volatile SigningKey key;

    /** Signs the given SSA claims, adding iss, iat, exp and jti. */
    public String sign(Map<String, Object> claims) {
        SigningKey signingKey = key();
        Instant now = clock.instant();
        JwtClaims jwt = new JwtClaims();
        claims.forEach(jwt::setClaim);
        jwt.setIssuer(ISSUER);
        jwt.setIssuedAt(org.jose4j.jwt.NumericDate.fromSeconds(now.getEpochSecond()));
        jwt.setExpirationTime(org.jose4j.jwt.NumericDate.fromSeconds(
                now.plus(Duration.ofDays(config.softwareStatementValidityDays())).getEpochSecond()));
        jwt.setJwtId(UUID.randomUUID().toString());
        JsonWebSignature jws = new JsonWebSignature();
        jws.setPayload(jwt.toJson());
        jws.setAlgorithmHeaderValue(AlgorithmIdentifiers.RSA_PSS_USING_SHA256);
        jws.setKeyIdHeaderValue(kid(signingKey.publicKey()));
        jws.setKey(signingKey.privateKey());
        try {
            return jws.getCompactSerialization();
        } catch (JoseException e) {
            throw new IllegalStateException("Cannot sign the software statement: " + e.getMessage(), e);
        }
    }

    private String kid(PublicKey publicKey) {
        return directoryKeys.kidOf(publicKey).orElseGet(() ->
                new RsaJsonWebKey((RSAPublicKey) publicKey).calculateBase64urlEncodedThumbprint("SHA-256"));
    }

    private SigningKey key() {
        SigningKey current = key;
        if (current == null) {
            String file = config.directoryKey().orElseThrow(() -> new SandboxNotConfigured("psd2.sandbox.directory-key"));
            PrivateKey privateKey = PemFiles.readPrivateKey(Path.of(file));
            if (!(privateKey instanceof RSAPrivateCrtKey rsa)) {
                throw new IllegalStateException("The sandbox directory key must be an RSA key");
            }
            try {
                PublicKey publicKey = KeyFactory.getInstance("RSA")
                        .generatePublic(new RSAPublicKeySpec(rsa.getModulus(), rsa.getPublicExponent()));
                current = new SigningKey(privateKey, publicKey);
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException(e);
            }
            key = current;
        }
        return current;
    }
}
