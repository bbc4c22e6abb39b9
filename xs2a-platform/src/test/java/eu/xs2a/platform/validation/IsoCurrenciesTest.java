package eu.xs2a.platform.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class IsoCurrenciesTest {

    @Test
    void readsAnIso4217Code() {
        assertEquals(2, IsoCurrencies.parse("currency", "EUR").getDefaultFractionDigits());
        assertEquals(0, IsoCurrencies.parse("currency", "JPY").getDefaultFractionDigits());
        assertEquals(3, IsoCurrencies.parse("currency", "BHD").getDefaultFractionDigits());
    }

    // XYZ and ABC have the shape of a code and are none
    @ParameterizedTest
    @ValueSource(strings = {"XYZ", "ABC", "eur", "EURO", "EU", "", " EUR", "E\u00dcR", "\uff25\uff35\uff32"})
    void refusesAnythingElseAsFormatErrorNamingTheField(String code) {
        Psd2Exception refused = assertThrows(Psd2Exception.class, () -> IsoCurrencies.parse("account.currency", code));
        assertEquals(ErrorClass.FORMAT_ERROR, refused.errorClass());
        assertEquals("account.currency '" + code + "' is not an ISO 4217 currency code", refused.getMessage());
    }

    @Test
    void nullIsNotACurrencyAndALongValueIsCut() {
        assertEquals("currency null is not an ISO 4217 currency code",
                assertThrows(Psd2Exception.class, () -> IsoCurrencies.parse("currency", null)).getMessage());
        assertEquals("currency '" + "Q".repeat(40) + "…' is not an ISO 4217 currency code",
                assertThrows(Psd2Exception.class, () -> IsoCurrencies.parse("currency", "Q".repeat(41))).getMessage());
    }
}
