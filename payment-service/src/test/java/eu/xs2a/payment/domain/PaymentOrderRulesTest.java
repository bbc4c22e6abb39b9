package eu.xs2a.payment.domain;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import java.math.BigDecimal;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The rules beyond one field; each field's own are PaymentInitiationRequestTest's. */
class PaymentOrderRulesTest {

    private static final LocalDate TODAY = LocalDate.of(2026, 11, 21);
    /** From TODAY to a year ahead, the default horizon. */
    private static final ExecutionDays DAYS = ExecutionDays.from(TODAY, 365);
    private static final AccountRef CREDITOR = new AccountRef("DE89370400440532013000", null, null, null, null);
    /** A product with no scheme rules of its own: only the generic rules apply. */
    private static final String OTHER = "domestic-credit-transfers";
    private static final String INSTANT = "instant-sepa-credit-transfers";
    private static final String CROSS_BORDER = "cross-border-credit-transfers";
    private static final PostalAddress US = new PostalAddress(null, null, "New York", null, "US");
    private static final String SCT = "sepa-credit-transfers";

    private static PaymentOrder order(String currency, String amount) {
        return new PaymentOrder("Merchant", CREDITOR, null, new Money(currency, amount), null, null, null, null, null, null);
    }


    @ParameterizedTest
    @CsvSource({"EUR,12.30", "EUR,0.01", "EUR,12", "JPY,1000", "BHD,1.234", "EUR,99999999999999.99"})
    void acceptedAmounts(String currency, String amount) {
        assertDoesNotThrow(() -> PaymentOrderRules.validate(order(currency, amount), DAYS, OTHER, null));
    }

    @ParameterizedTest
    @CsvSource({"EUR,12.345", "JPY,10.5", "EUR,0", "EUR,0.00", "EUR,-5", "EUR,1e3", "EUR,12.", "EUR,.5",
            "EUR,'1,00'", "EUR,123456789012345", "EUR,''", "ABC,1.00", "eur,1.00", "EURO,1.00"})
    void refusedAmounts(String currency, String amount) {
        Psd2Exception e = assertThrows(Psd2Exception.class,
                () -> PaymentOrderRules.validate(order(currency, amount), DAYS, OTHER, null));
        assertEquals(ErrorClass.FORMAT_ERROR, e.errorClass());
    }


    @Test
    void anAccountNeedsAnIbanOrABban() {
        PaymentOrder toNothing = new PaymentOrder("M", new AccountRef(null, null, "123456", null, "EUR"), null,
                new Money("EUR", "1"), null, null, null, null, null, null);
        assertEquals("creditorAccount needs an iban or a bban",
                assertThrows(Psd2Exception.class, () -> PaymentOrderRules.validate(toNothing, DAYS, OTHER, null)).getMessage());
    }

    @Test
    void executionDateTodayIsFineYesterdayIsNot() {
        PaymentOrder today = new PaymentOrder("M", CREDITOR, null, new Money("EUR", "1"), null, null, null, null, null, TODAY);
        assertDoesNotThrow(() -> PaymentOrderRules.validate(today, DAYS, SCT, null));
        PaymentOrder past = new PaymentOrder("M", CREDITOR, null, new Money("EUR", "1"), null, null, null, null,
                null, TODAY.minusDays(1));
        assertEquals(ErrorClass.EXECUTION_DATE_INVALID, assertThrows(Psd2Exception.class,
                () -> PaymentOrderRules.validate(past, DAYS, SCT, null)).errorClass());
    }

    @Test
    void executionDateUpToTheProvidersHorizonIsFineOneDayLaterIsNot() {
        PaymentOrder lastDay = new PaymentOrder("M", CREDITOR, null, new Money("EUR", "1"), null, null, null, null,
                null, LocalDate.of(2027, 11, 21));
        assertDoesNotThrow(() -> PaymentOrderRules.validate(lastDay, DAYS, SCT, null));
        PaymentOrder dayAfter = new PaymentOrder("M", CREDITOR, null, new Money("EUR", "1"), null, null, null, null,
                null, LocalDate.of(2027, 11, 22));
        Psd2Exception tooFar = assertThrows(Psd2Exception.class,
                () -> PaymentOrderRules.validate(dayAfter, DAYS, SCT, null));
        assertEquals(ErrorClass.EXECUTION_DATE_INVALID, tooFar.errorClass());
        assertEquals("requestedExecutionDate", tooFar.path());
        assertEquals("requestedExecutionDate 2027-11-22 is too far ahead: the bank takes payments for execution up to"
                + " 2027-11-21 (365 days ahead)", tooFar.getMessage());
        assertDoesNotThrow(() -> PaymentOrderRules.validate(dayAfter, ExecutionDays.from(TODAY, 366), SCT, null),
                "the horizon is the provider's");
    }

    @Test
    void aSepaProductIsInEuroToAnIban() {
        assertDoesNotThrow(() -> PaymentOrderRules.validate(order("EUR", "1.00"), DAYS, SCT, null));
        for (String product : PaymentOrderRules.SEPA_PRODUCTS) {
            Psd2Exception dollars = assertThrows(Psd2Exception.class,
                    () -> PaymentOrderRules.validate(order("USD", "1.00"), DAYS, product, null));
            assertEquals(ErrorClass.FORMAT_ERROR, dollars.errorClass());
            assertEquals("instructedAmount.currency must be EUR: a SEPA credit transfer is in euro", dollars.getMessage());
            PaymentOrder toBban = new PaymentOrder("M", new AccountRef(null, "0532013000", null, null, null), null,
                    new Money("EUR", "1"), null, null, null, null, null, null);
            assertThrows(Psd2Exception.class, () -> PaymentOrderRules.validate(toBban, DAYS, product, null));
            assertDoesNotThrow(() -> PaymentOrderRules.validate(toBban, DAYS, OTHER, null));
        }
    }


    @Test
    void anAmountWithTooManyWholeDigitsSaysSo() {
        Psd2Exception e = assertThrows(Psd2Exception.class,
                () -> PaymentOrderRules.validate(order("EUR", "999999999999999"), DAYS, SCT, null));
        assertTrue(e.getMessage().contains("at most 14 digits before the decimal point and 2 after it"), e.getMessage());
    }

    @Test
    void aTarget2PaymentIsInEuroToAnIban() {
        assertDoesNotThrow(() -> PaymentOrderRules.validate(order("EUR", "1.00"), DAYS, "target-2-payments", null));
        assertEquals("instructedAmount.currency must be EUR: a TARGET2 payment is in euro", assertThrows(
                Psd2Exception.class, () -> PaymentOrderRules.validate(order("USD", "1.00"), DAYS, "target-2-payments",
                        null)).getMessage());
    }

    @Test
    void anInstantTransferIsForTodayAndWithinTheProvidersLimit() {
        BigDecimal limit = new BigDecimal("100000");
        assertDoesNotThrow(() -> PaymentOrderRules.validate(order("EUR", "100000.00"), DAYS, INSTANT, limit));
        assertEquals("instructedAmount.amount 100000.01 is above the provider's limit of 100000 EUR for an instant"
                        + " credit transfer", assertThrows(Psd2Exception.class,
                () -> PaymentOrderRules.validate(order("EUR", "100000.01"), DAYS, INSTANT, limit)).getMessage());
        assertDoesNotThrow(() -> PaymentOrderRules.validate(order("EUR", "100000.01"), DAYS, INSTANT, null),
                "no limit configured");
        PaymentOrder tomorrow = new PaymentOrder("M", CREDITOR, null, new Money("EUR", "1"), null, null, null, null,
                null, TODAY.plusDays(1));
        Psd2Exception notToday = assertThrows(Psd2Exception.class,
                () -> PaymentOrderRules.validate(tomorrow, DAYS, INSTANT, limit));
        assertEquals("requestedExecutionDate 2026-11-22 is not today: an instant credit transfer is executed at once",
                notToday.getMessage());
        assertEquals(ErrorClass.EXECUTION_DATE_INVALID, notToday.errorClass());
        assertDoesNotThrow(() -> PaymentOrderRules.validate(tomorrow, DAYS, SCT, null), "a SEPA transfer may wait");
    }

    @Test
    void aCrossBorderTransferNamesTheCreditorsBankAndCountryInAnyCurrency() {
        PaymentOrder dollars = new PaymentOrder("M", new AccountRef(null, "0532013000", null, null, null), null,
                new Money("USD", "250.00"), US, "CHASUS33XXX", null, null, null, null);
        assertDoesNotThrow(() -> PaymentOrderRules.validate(dollars, DAYS, CROSS_BORDER, null));
        PaymentOrder noAgent = new PaymentOrder("M", CREDITOR, null, new Money("USD", "250.00"), US, null, null, null,
                null, null);
        assertEquals("creditorAgent is required: a cross-border credit transfer names the creditor's bank by BIC",
                assertThrows(Psd2Exception.class, () -> PaymentOrderRules.validate(noAgent, DAYS, CROSS_BORDER, null))
                        .getMessage());
        PaymentOrder noAddress = new PaymentOrder("M", CREDITOR, null, new Money("USD", "250.00"), null, "CHASUS33XXX",
                null, null, null, null);
        assertEquals("creditorAddress is required: a cross-border credit transfer names the creditor's country",
                assertThrows(Psd2Exception.class, () -> PaymentOrderRules.validate(noAddress, DAYS, CROSS_BORDER,
                        null)).getMessage());
        PaymentOrder yen = new PaymentOrder("M", CREDITOR, null, new Money("JPY", "1000.5"), US, "CHASUS33XXX", null,
                null, null, null);
        assertThrows(Psd2Exception.class, () -> PaymentOrderRules.validate(yen, DAYS, CROSS_BORDER, null),
                "ISO 4217: the yen has no decimals");
    }
}
