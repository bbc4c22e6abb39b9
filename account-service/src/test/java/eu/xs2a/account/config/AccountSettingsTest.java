package eu.xs2a.account.config;

import eu.xs2a.testsupport.SettingsCheck;
import org.junit.jupiter.api.Test;

/**
 * account-service's own settings are bounded: a value out of range stops the service at start, naming the setting
 * (the cases: src/test/resources/settings-bounds.tsv). The lookup's reuse of PSU-present answers never exceeds the
 * gateway's 1 s bound for revocations.
 */
class AccountSettingsTest {

    @Test
    void everySettingIsBoundedAndOneOutOfRangeIsNamed() {
        SettingsCheck.assertBounds("settings-bounds.tsv", ConsentLookupConfig.class, AccountDataConfig.class);
    }
}
