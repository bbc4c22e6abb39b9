package eu.xs2a.platform.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class IsoDatesTest {

    @Test
    void readsACalendarDate() {
        assertEquals(LocalDate.of(2027, 1, 31), IsoDates.parse("validUntil", "2027-01-31"));
        assertEquals(LocalDate.of(9999, 12, 31), IsoDates.parse("validUntil", "9999-12-31"));
        assertEquals(LocalDate.of(2028, 2, 29), IsoDates.parse("validUntil", "2028-02-29"));
        assertEquals(LocalDate.of(1, 1, 1), IsoDates.parse("validUntil", "0001-01-01"));
    }

    // The first four are what LocalDate.parse reads and PostgreSQL's date column does not hold (a 500 before)
    @ParameterizedTest
    @ValueSource(strings = {"+999999999-12-31", "+10000-01-01", "-0001-01-01", "0000-01-01", "2027-1-31",
        "2027-01-31T00:00", " 2027-01-31", "2027-01-31 ", "2027-02-30", "2027-13-01", "27-01-31", "", "31.01.2027",
        "\u0662\u0660\u0662\u0667-01-31"})
    void refusesAnythingElseAsFormatErrorNamingTheField(String text) {
        Psd2Exception refused = assertThrows(Psd2Exception.class, () -> IsoDates.parse("dateFrom", text));
        assertEquals(ErrorClass.FORMAT_ERROR, refused.errorClass());
        assertEquals("dateFrom '" + text + "' is not an ISO date (yyyy-MM-dd)", refused.getMessage());
    }

    @Test
    void aLongOrUnprintableValueIsQuotedCut() {
        assertEquals("dateTo '" + "x".repeat(80) + "…' is not an ISO date (yyyy-MM-dd)", assertThrows(
                Psd2Exception.class, () -> IsoDates.parse("dateTo", "x".repeat(10_000))).getMessage());
        assertEquals("dateTo '2027??01-31' is not an ISO date (yyyy-MM-dd)", assertThrows(Psd2Exception.class,
                () -> IsoDates.parse("dateTo", "2027\r\n01-31")).getMessage());
    }

    @Test
    void nullIsNotADate() {
        Psd2Exception refused = assertThrows(Psd2Exception.class, () -> IsoDates.parse("cardExpiryDate", null));
        assertEquals("cardExpiryDate null is not an ISO date (yyyy-MM-dd)", refused.getMessage());
    }
}
