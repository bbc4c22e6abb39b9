package eu.xs2a.registration.config;

import eu.xs2a.testsupport.SettingsCheck;
import org.junit.jupiter.api.Test;

/**
 * registration-service's own settings are bounded: a value out of range stops the service at start, naming the
 * setting (the cases: src/test/resources/settings-bounds.tsv). A client secret has at least 128 bits.
 */
class RegistrationSettingsTest {

    @Test
    void everySettingIsBoundedAndOneOutOfRangeIsNamed() {
        SettingsCheck.assertBounds("settings-bounds.tsv", RegistrationConfig.class, OAuthConfig.class,
                SandboxConfig.class);
    }
}
