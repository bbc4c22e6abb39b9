package eu.xs2a.registration.config;

import eu.xs2a.platform.ServiceSettings;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/**
 * The service's own mappings, whose keys xs2a-platform's UnknownSettingsCheck checks at start: a misspelt key stops
 * the service instead of leaving its setting at the default.
 * OAuthConfig is left out: its prefix, {@code psd2.oauth}, also holds xs2a-security's
 * {@code psd2.oauth.verification-key}.
 */
@ApplicationScoped
class CheckedSettings implements ServiceSettings {

    @Override
    public List<Class<?>> mappings() {
        return List.of(RegistrationConfig.class, SandboxConfig.class);
    }
}
