package eu.xs2a.registration.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import jakarta.validation.constraints.Min;
import java.time.Duration;
import java.util.Optional;
import org.hibernate.validator.constraints.time.DurationMin;

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
    @DurationMin(nanos = 0, inclusive = false)
    Duration maxIatSkew();

    /**
     * How old a registration's {@code iat} may be. A registration request is signed to be sent at once, not kept: an
     * old one (found in a log, a proxy, a mailbox) must not register or recover a client, whatever its {@code exp}.
     */
    @WithDefault("10M")
    @DurationMin(nanos = 0, inclusive = false)
    Duration maxIatAge();

    /**
     * The longest lifetime ({@code exp} − {@code iat}) a registration request may claim: a TPP cannot sign one
     * request that stays usable for days.
     */
    @WithDefault("1H")
    @DurationMin(nanos = 0, inclusive = false)
    Duration maxLifetime();

    /**
     * The gateway's public base URL, the ingress as TPPs reach it ({@code psd2.public-base-url}, env
     * {@code PSD2_PUBLIC_BASE_URL}, shared by every service). A client assertion's {@code aud} must be the open-banking
     * certificate endpoint under it: an assertion made for another server is not accepted here.
     */
    @WithDefault("http://localhost:8080")
    String publicBaseUrl();

    /**
     * The longest a client assertion may still be valid when it arrives ({@code exp} − now). Its jti is kept until its
     * exp, so this also bounds how long that record lives.
     */
    @WithDefault("5M")
    @DurationMin(nanos = 0, inclusive = false)
    Duration clientAssertionMaxLifetime();

    /** How often the jti of expired client assertions are deleted. */
    @WithDefault("1H")
    @DurationMin(nanos = 0, inclusive = false)
    Duration usedAssertionCleanupEvery();

    /** Bytes of randomness of a generated client secret. */
    @WithDefault("32")
    @Min(16)
    int clientSecretBytes();
}
