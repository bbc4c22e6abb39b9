package eu.xs2a.registration.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.util.Optional;

/**
 * Sandbox self-service key material (files outside the repository, created by {@code bin/sandbox-keys}).
 * Only read when {@code psd2.environment=sandbox}.
 */
@ConfigMapping(prefix = "psd2.sandbox")
public interface SandboxConfig {

    /** PEM certificate of the sandbox QSEAL CA (env {@code PSD2_SANDBOX_CA_CERT}). */
    Optional<String> caCert();

    /** PEM private key of the sandbox QSEAL CA (env {@code PSD2_SANDBOX_CA_KEY}). */
    Optional<String> caKey();

    /** PEM private key of the sandbox SSA directory (env {@code PSD2_SANDBOX_DIRECTORY_KEY}). */
    Optional<String> directoryKey();

    /** Validity of an issued test QSEAL. */
    @WithDefault("365")
    int certificateValidityDays();

    /** Validity of an issued software statement. */
    @WithDefault("365")
    int softwareStatementValidityDays();
}
