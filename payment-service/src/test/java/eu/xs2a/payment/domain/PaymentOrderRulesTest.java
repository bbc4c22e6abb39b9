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

/** The rules beyond one field; each field's own are PaymentInitiationRequestTest's. */
class PaymentOrderRulesTest {

    private static final LocalDate TODAY = LocalDate.of(2026, 11, 21);
    private static final AccountRef CREDITOR = new AccountRef("DE89370400440532013000", null, null, null, null);
    /** A product the bank runs outside SEPA: only the generic rules apply. */
    private static final String OTHER = "cross-border-credit-transfers";
    private static final String SCT = "sepa-credit-transfers";

    private static PaymentOrder order(String currency, String amount) {
        return new PaymentOrder("Merchant", CREDITOR, null, new Money(currency, amount), null, null, null, null, null);
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
    void anAccountNeedsAnIbanOrABban() {
        PaymentOrder toNothing = new PaymentOrder("M", new AccountRef(null, null, "123456", null, "EUR"), null,
                new Money("EUR", "1"), null, null, null, null, null);
        assertEquals("creditorAccount needs an iban or a bban",
                assertThrows(Psd2Exception.class, () -> PaymentOrderRules.validate(toNothing, TODAY, OTHER)).getMessage());
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
    void anAmountWithTooManyWholeDigitsSaysSo() {
        Psd2Exception e = assertThrows(Psd2Exception.class,
                () -> PaymentOrderRules.validate(order("EUR", "999999999999999"), TODAY, SCT));
        assertTrue(e.getMessage().contains("at most 14 digits before the decimal point and 2 after it"), e.getMessage());
    }
}
