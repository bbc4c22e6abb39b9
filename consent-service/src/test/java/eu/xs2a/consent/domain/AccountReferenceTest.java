package eu.xs2a.consent.domain;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * {@link AccountReference#designates}: every identifier both references give must agree, and one must be given by
 * both; the BBAN inside an IBAN counts for agreement. Without Quarkus.
 */
class AccountReferenceTest {

    private static final String MAIN = "DE49100200300100000011";
    private static final String MAIN_BBAN = "100200300100000011";
    private static final String SAVINGS_BBAN = "100200300100000037";

    private static AccountReference ref(String iban, String bban, String pan, String maskedPan, String msisdn) {
        return new AccountReference(iban, bban, pan, maskedPan, msisdn, null);
    }

    @Test
    void aSharedIdentifierWithNothingContradictingDesignates() {
        AccountReference consented = ref(MAIN, null, null, null, null);
        assertTrue(consented.designates(ref(MAIN, null, null, null, null)));
        assertTrue(consented.designates(ref("de49 1002 0030 0100 0000 11", null, null, null, null)), "paper form");
        assertTrue(consented.designates(ref(MAIN, MAIN_BBAN, null, null, null)), "the IBAN's own BBAN agrees");
        assertTrue(consented.designates(ref(MAIN, null, "4111111111111111", null, null)),
                "a card the consent does not name contradicts nothing");
        assertTrue(ref(null, MAIN_BBAN, null, null, "+491701234567")
                .designates(ref(MAIN, MAIN_BBAN, null, null, null)), "shared BBAN, agreeing IBAN");
    }

    @Test
    void oneSharedIdentifierIsNotEnoughWhenAnotherContradicts() {
        AccountReference consented = ref(MAIN, null, null, null, null);
        assertFalse(consented.designates(ref(MAIN, SAVINGS_BBAN, null, null, null)),
                "iban X with another account's BBAN names no account");
        assertFalse(ref(MAIN, MAIN_BBAN, null, null, null).designates(ref(MAIN, SAVINGS_BBAN, null, null, null)));
        assertFalse(ref(null, null, "4111111111111111", "411111******1111", null)
                .designates(ref(null, null, "4111111111111111", "411111******2222", null)));
        assertFalse(ref(null, SAVINGS_BBAN, null, null, null).designates(ref(MAIN, SAVINGS_BBAN, null, null, null)),
                "a reference contradicting itself designates nothing");
    }

    @Test
    void withoutAnIdentifierGivenByBothThereIsNoMatch() {
        assertFalse(ref(MAIN, null, null, null, null).designates(ref(null, MAIN_BBAN, null, null, null)),
                "a BBAN alone names no country: never an IBAN account by inference");
        assertFalse(ref(null, null, "4111111111111111", null, null)
                .designates(ref(null, null, null, "411111******1111", null)));
        assertFalse(ref(MAIN, null, null, null, null).designates(null));
    }

    @Test
    void theCurrencyCountsOnlyWhenBothNameOne() {
        AccountReference euro = new AccountReference(MAIN, null, null, null, null, "EUR");
        assertTrue(euro.designates(ref(MAIN, null, null, null, null)));
        assertTrue(euro.designates(new AccountReference(MAIN, MAIN_BBAN, null, null, null, "EUR")));
        assertFalse(euro.designates(new AccountReference(MAIN, null, null, null, null, "USD")));
    }
}
