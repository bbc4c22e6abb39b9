package eu.xs2a.payment.domain;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PaymentOrderRulesTest {

    private static final LocalDate TODAY = LocalDate.of(2026, 11, 21);
    private static final AccountRef CREDITOR = new AccountRef("DE89370400440532013000", null, null, null, null);
    /** A product the bank runs outside SEPA: only the generic rules apply. */
    private static final String OTHER = "cross-border-credit-transfers";
    private static final String SCT = "sepa-credit-transfers";

    private static PaymentOrder order(String currency, String amount) {
        return new PaymentOrder("Merchant", CREDITOR, null, new Money(currency, amount), null, null, null, null, null);
    }

    @Test
    void accountIbansAreReadByTheSharedRules() {
        // the rules themselves are xs2a-platform's IbansTest; here only that an order's accounts apply them
        PaymentOrder shortGerman = new PaymentOrder("Merchant", new AccountRef("DE9710020030100000037", null, null, null,
                null), null, new Money("EUR", "1.00"), null, null, null, null, null);
        Psd2Exception refused = assertThrows(Psd2Exception.class,
                () -> PaymentOrderRules.validate(shortGerman, TODAY, OTHER));
        assertEquals("creditorAccount.iban 'DE9710020030100000037' is not a valid IBAN: an IBAN of DE has 22 characters,"
                + " this one 21", refused.getMessage());
    }

    @ParameterizedTest
    @CsvSource({"EUR,12.30", "EUR,0.01", "EUR,12", "JPY,1000", "BHD,1.234", "EUR,99999999999999.99"})
    void acceptedAmounts(String currency, String amount) {
        assertDoesNotThrow(() -> PaymentOrderRules.validate(order(currency, amount), TODAY, OTHER));
    }

    @ParameterizedTest
    @CsvSource({"EUR,12.345", "JPY,10.5", "EUR,0", "EUR,0.00", "EUR,-5", "EUR,1e3", "EUR,12.", "EUR,.5",
            "EUR,'1,00'", "EUR,123456789012345", "EUR,''", "ABC,1.00", "eur,1.00", "EURO,1.00"})
    void refusedAmounts(String currency, String amount) {
        Psd2Exception e = assertThrows(Psd2Exception.class,
                () -> PaymentOrderRules.validate(order(currency, amount), TODAY, OTHER));
        assertEquals(ErrorClass.FORMAT_ERROR, e.errorClass());
    }

    @Test
    void countryMustBeIso3166Alpha2() {
        PaymentOrder order = new PaymentOrder("Merchant", CREDITOR, null, new Money("EUR", "1"),
                new PostalAddress(null, null, null, null, "XX"), null, null, null, null);
        assertEquals(ErrorClass.COUNTRY_NAME_INVALID,
                assertThrows(Psd2Exception.class, () -> PaymentOrderRules.validate(order, TODAY, OTHER)).errorClass());
        PaymentOrder noCountry = new PaymentOrder("Merchant", CREDITOR, null, new Money("EUR", "1"),
                new PostalAddress("Hauptstrasse", null, "Berlin", null, null), null, null, null, null);
        Psd2Exception missing = assertThrows(Psd2Exception.class, () -> PaymentOrderRules.validate(noCountry, TODAY, SCT));
        assertEquals(ErrorClass.COUNTRY_NAME_INVALID, missing.errorClass());
        assertEquals("creditorAddress.country is required (an ISO 3166 alpha-2 country code)", missing.getMessage());
    }

    @Test
    void executionDateTodayIsFineYesterdayIsNot() {
        PaymentOrder today = new PaymentOrder("M", CREDITOR, null, new Money("EUR", "1"), null, null, null, null, TODAY);
        assertDoesNotThrow(() -> PaymentOrderRules.validate(today, TODAY, SCT));
        PaymentOrder past = new PaymentOrder("M", CREDITOR, null, new Money("EUR", "1"), null, null, null, null,
                TODAY.minusDays(1));
        assertThrows(Psd2Exception.class, () -> PaymentOrderRules.validate(past, TODAY, SCT));
    }

    @Test
    void aSepaProductIsInEuroToAnIban() {
        assertDoesNotThrow(() -> PaymentOrderRules.validate(order("EUR", "1.00"), TODAY, SCT));
        for (String product : PaymentOrderRules.SEPA_PRODUCTS) {
            Psd2Exception dollars = assertThrows(Psd2Exception.class,
                    () -> PaymentOrderRules.validate(order("USD", "1.00"), TODAY, product));
            assertEquals(ErrorClass.FORMAT_ERROR, dollars.errorClass());
            assertEquals("instructedAmount.currency must be EUR: a SEPA credit transfer is in euro", dollars.getMessage());
            PaymentOrder toBban = new PaymentOrder("M", new AccountRef(null, "0532013000", null, null, null), null,
                    new Money("EUR", "1"), null, null, null, null, null);
            assertThrows(Psd2Exception.class, () -> PaymentOrderRules.validate(toBban, TODAY, product));
            assertDoesNotThrow(() -> PaymentOrderRules.validate(toBban, TODAY, OTHER));
        }
    }

    @Test
    void lengthsAreCountedInCharactersAndTheAgentNameIsSeventyAtMost() {
        String emoji = "\uD83D\uDE00"; // one character, two UTF-16 units
        PaymentOrder wide = new PaymentOrder(emoji.repeat(70), CREDITOR, null, new Money("EUR", "1"), null,
                "A".repeat(70), emoji.repeat(140), null, null);
        assertDoesNotThrow(() -> PaymentOrderRules.validate(wide, TODAY, SCT));
        PaymentOrder agent = new PaymentOrder("M", CREDITOR, null, new Money("EUR", "1"), null, "A".repeat(71), null,
                null, null);
        assertEquals("creditorAgentName is longer than 70 characters",
                assertThrows(Psd2Exception.class, () -> PaymentOrderRules.validate(agent, TODAY, SCT)).getMessage());
    }

    @Test
    void anAmountWithTooManyWholeDigitsSaysSo() {
        Psd2Exception e = assertThrows(Psd2Exception.class,
                () -> PaymentOrderRules.validate(order("EUR", "999999999999999"), TODAY, SCT));
        assertTrue(e.getMessage().contains("at most 14 digits before the decimal point and 2 after it"), e.getMessage());
    }
}
