package eu.xs2a.payment.config;

import eu.xs2a.testsupport.SettingsCheck;
import org.junit.jupiter.api.Test;

/**
 * payment-service's own settings are bounded: a value out of range stops the service at start, naming the setting
 * (the cases: src/test/resources/settings-bounds.tsv).
 */
class PaymentSettingsTest {

    @Test
    void everySettingIsBoundedAndOneOutOfRangeIsNamed() {
        SettingsCheck.assertBounds("settings-bounds.tsv", PaymentConfig.class);
    }
}
