package eu.xs2a.security.quarkus;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.security.oauth.AccessTokenVerifier;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The verifier of the providers' OAuth access tokens: the public key of registration-service's signing key
 * ({@code psd2.oauth.verification-key}, env {@code PSD2_OAUTH_VERIFICATION_KEY}: a PEM file made by
 * {@code bin/sandbox-keys}, a mounted Secret in Kubernetes), read at first use. Without it a provider that asks for
 * tokens answers 503: the gateway cannot check them.
 */
@ApplicationScoped
public class AccessTokens {

    private final Optional<AccessTokenVerifier> verifier;

    public AccessTokens(@ConfigProperty(name = "psd2.oauth.verification-key") Optional<String> location,
                        @ConfigProperty(name = "psd2.public-base-url", defaultValue = "http://localhost:8080")
                        String publicBaseUrl, Clock clock) {
        this.verifier = location.filter(l -> !l.isBlank()).map(l -> new AccessTokenVerifier(read(l), publicBaseUrl,
                clock));
    }

    public AccessTokenVerifier verifier() {
        return verifier.orElseThrow(() -> new Psd2Exception(ErrorClass.SERVICE_UNAVAILABLE,
                "The gateway has no key to verify OAuth access tokens with (psd2.oauth.verification-key)"));
    }

    private static java.security.PublicKey read(String location) {
        try {
            return AccessTokenVerifier.publicKey(Files.readString(Path.of(location)));
        } catch (IOException | IllegalArgumentException e) {
            throw new IllegalStateException("psd2.oauth.verification-key " + location + " is not a readable PEM RSA "
                    + "public key: " + e.getMessage(), e);
        }
    }
}
