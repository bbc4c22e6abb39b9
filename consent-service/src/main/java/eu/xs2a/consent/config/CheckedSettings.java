package eu.xs2a.consent.config;

import eu.xs2a.platform.ServiceSettings;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/**
 * The service's own mappings, whose keys xs2a-platform's UnknownSettingsCheck checks at start: a misspelt key stops
 * the service instead of leaving its setting at the default.
 */
@ApplicationScoped
class CheckedSettings implements ServiceSettings {

    @Override
    public List<Class<?>> mappings() {
        return List.of(ConsentConfig.class);
    }
}
