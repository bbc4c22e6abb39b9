package eu.xs2a.registration.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Optional;

/** Open-banking dynamic client registration settings. */
@ConfigMapping(prefix = "psd2.registration")
public interface RegistrationConfig {

    /**
     * The SSA directory's public keys: a JWKS file (env {@code PSD2_REGISTRATION_DIRECTORY_JWKS}). Without it
     * no software statement can be checked, so every registration is answered with ServiceUnavailable.
     */
    Optional<String> directoryJwks();

    /** This ASPSP's identifier as issued by the SSA directory; a registration's {@code aud} must equal it. */
    @WithDefault("sandbox-aspsp")
    String aspspId();

    /** How far in the future a registration's {@code iat} may lie (clock skew of the TPP). */
    @WithDefault("60S")
    Duration maxIatSkew();

    /** Bytes of randomness of a generated client secret. */
    @WithDefault("32")
    int clientSecretBytes();
}
