package eu.xs2a.consent.config;

import eu.xs2a.testsupport.SettingsCheck;
import org.junit.jupiter.api.Test;

/**
 * consent-service's own settings are bounded: a value out of range stops the service at start, naming the setting
 * (the cases: src/test/resources/settings-bounds.tsv).
 */
class ConsentSettingsTest {

    @Test
    void everySettingIsBoundedAndOneOutOfRangeIsNamed() {
        SettingsCheck.assertBounds("settings-bounds.tsv", ConsentConfig.class);
    }
}
