package eu.xs2a.sandbox.config;

import eu.xs2a.testsupport.SettingsCheck;
import org.junit.jupiter.api.Test;

/**
 * The sandbox bank's settings are bounded: a value out of range stops it at start, naming the setting (the cases:
 * src/test/resources/settings-bounds.tsv). Its delays may be 0: the bank settles, revokes or answers at once.
 */
class SandboxSettingsTest {

    @Test
    void everySettingIsBoundedAndOneOutOfRangeIsNamed() {
        SettingsCheck.assertBounds("settings-bounds.tsv", SandboxConfig.class);
    }
}
