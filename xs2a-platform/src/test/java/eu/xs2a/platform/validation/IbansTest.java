package eu.xs2a.platform.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class IbansTest {

    @ParameterizedTest
    @ValueSource(strings = {"DE89370400440532013000", "DE49100200300100000011", "GB29NWBK60161331926819",
            "FR7612345987650123456789014", "NL91ABNA0417164300", "MT84MALT011000012345MTLCAST001S"})
    void readsIbansOfTheirCountrysLength(String iban) {
        assertEquals(iban, Ibans.parse("account.iban", iban));
        assertTrue(Ibans.isValid(iban));
    }

    @Test
    void givesThePaperFormInCapitalsWithoutSpaces() {
        assertEquals("DE89370400440532013000", Ibans.parse("account.iban", "de89 3704 0044 0532 0130 00"));
        assertEquals("GB29NWBK60161331926819", Ibans.normalise("gb29 nwbk 6016 1331 9268 19"));
        assertNull(Ibans.normalise(null));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            // the check digits of the right account, one digit of the BBAN changed
            "DE89370400440532013001 | its check digits do not match",
            // 00, 01 and 99 pass mod 97 (these are DE02..., DE98... and DE97... of the same BBAN) and are never issued
            "DE99110020030000000044 | its check digits do not match",
            "DE01110020030000000062 | its check digits do not match",
            "DE00110020030000000080 | its check digits do not match",
            // passes mod 97 with real check digits, but a German IBAN has 22 characters
            "DE9710020030100000037 | an IBAN of DE has 22 characters, this one 21",
            "DE8937040044053201300012345 | an IBAN of DE has 22 characters, this one 27",
            "GB29NWBK6016133192681A | it does not follow the IBAN format of GB",
            "XX89370400440532013000 | it does not start with a country that has IBANs",
            "1234 | it does not start with a country that has IBANs",
            "DEXX370400440532013000 | its check digits (characters 3 and 4) are not digits",
            "DE8 | it is too short",
            "DE89-370400440532013000 | an IBAN of DE has 22 characters, this one 23",
    })
    void refusesWithTheReasonAndTheField(String value, String reason) {
        Psd2Exception refused = assertThrows(Psd2Exception.class, () -> Ibans.parse("creditorAccount.iban", value));
        assertEquals(ErrorClass.FORMAT_ERROR, refused.errorClass());
        assertEquals("creditorAccount.iban '" + value + "' is not a valid IBAN: " + reason, refused.getMessage());
        assertFalse(Ibans.isValid(value));
    }

    @Test
    void nothingAndEmptyAreNoIban() {
        assertEquals("account.iban null is not a valid IBAN: it is missing",
                assertThrows(Psd2Exception.class, () -> Ibans.parse("account.iban", null)).getMessage());
        assertEquals("account.iban '  ' is not a valid IBAN: it is empty",
                assertThrows(Psd2Exception.class, () -> Ibans.parse("account.iban", "  ")).getMessage());
        assertFalse(Ibans.isValid(null));
    }

    @Test
    void aLongValueIsCutInTheMessage() {
        String value = "DE89" + "1".repeat(500) + "\n";
        String message = assertThrows(Psd2Exception.class, () -> Ibans.parse("account.iban", value)).getMessage();
        assertTrue(message.startsWith("account.iban 'DE89" + "1".repeat(36) + "…' is not a valid IBAN"), message);
        assertFalse(message.contains("\n"));
    }
}
