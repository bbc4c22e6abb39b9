package eu.xs2a.consent.domain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * validUntil, frequencyPerDay and account-reference rules beyond one field, without Quarkus (each field's own:
 * ConsentRequestsTest).
 */
class ConsentRulesTest {

    private static final LocalDate TODAY = LocalDate.of(2026, 3, 1);
    private static final int MAX_REFS = 200;

    @Test
    void validUntil() {
        assertEquals(TODAY.plusDays(90), ConsentRules.effectiveValidUntil(null, TODAY, 90, 180));
        assertEquals(TODAY.plusDays(180), ConsentRules.effectiveValidUntil("9999-12-31", TODAY, 90, 180));
        assertEquals(TODAY, ConsentRules.effectiveValidUntil(TODAY.toString(), TODAY, 90, 180));
        assertEquals(TODAY.plusDays(180), ConsentRules.effectiveValidUntil(TODAY.plusDays(180).toString(), TODAY, 90, 180));
        assertFormatError(() -> ConsentRules.effectiveValidUntil(TODAY.plusDays(181).toString(), TODAY, 90, 180));
        assertFormatError(() -> ConsentRules.effectiveValidUntil(TODAY.minusDays(1).toString(), TODAY, 90, 180));
        assertFormatError(() -> ConsentRules.effectiveValidUntil("2026-02-30", TODAY, 90, 180));
    }

    @Test
    void theDefaultValidityNeverExceedsTheProviderMaximum() {
        assertEquals(TODAY.plusDays(60), ConsentRules.effectiveValidUntil(null, TODAY, 90, 60));
        assertEquals(TODAY.plusDays(90), ConsentRules.effectiveValidUntil(null, TODAY, 90, 90));
    }

    @Test
    void frequencyPerDay() {
        assertEquals(4, ConsentRules.effectiveFrequencyPerDay(10, true, 4));
        assertEquals(2, ConsentRules.effectiveFrequencyPerDay(2, true, 4));
        assertEquals(4, ConsentRules.effectiveFrequencyPerDay(null, true, 4));
        assertEquals(1, ConsentRules.effectiveFrequencyPerDay(4, false, 4));
    }

    @Test
    void anIbanIsKeptInItsElectronicForm() {
        // its rules are the constraint's (ConsentRequestsTest) and xs2a-platform's IbansTest
        AccountReference paperForm = new AccountReference("de49 1002 0030 0100 0000 11", null, null, null, null, null);
        assertEquals("DE49100200300100000011", paperForm.validated("access.balances[0]").iban());
    }

    @Test
    void anAccessListAboveTheCapIsAFormatErrorNamingTheList() {
        AccountReference main = new AccountReference("DE49100200300100000011", null, null, null, null, "EUR");
        List<AccountReference> atCap = java.util.Collections.nCopies(3, main);
        // duplicates count towards the cap as sent, and are kept once
        assertEquals(1, new AccountAccess(atCap, null, null, null, null, null, null).validated(3).accounts().size());
        List<AccountReference> aboveCap = java.util.Collections.nCopies(4, main);
        Psd2Exception e = assertThrows(Psd2Exception.class,
                () -> new AccountAccess(null, aboveCap, null, null, null, null, null).validated(3));
        assertEquals(ErrorClass.FORMAT_ERROR, e.errorClass());
        assertTrue(e.getMessage().contains("access.balances"), e.getMessage());
        Psd2Exception owners = assertThrows(Psd2Exception.class, () -> new AccountAccess(List.of(main), null, null,
                new AdditionalInformationAccess(aboveCap), null, null, null).validated(3));
        assertTrue(owners.getMessage().contains("access.additionalInformation.ownerName"), owners.getMessage());
    }

    @Test
    void accountReferences() {
        AccountReference ref = new AccountReference("de49 1002 0030 0100 0000 11", null, null, null, null, "EUR").validated("a");
        assertEquals("DE49100200300100000011", ref.iban());
        assertTrue(ref.designates(new AccountReference("DE49100200300100000011", null, null, null, null, null)));
        assertFalse(ref.designates(new AccountReference("DE49100200300100000011", null, null, null, null, "USD")));
        assertFalse(ref.designates(new AccountReference("DE26100200300100000037", null, null, null, null, null)));
        assertFormatError(() -> new AccountReference(null, null, null, null, null, "EUR").validated("a"));
        assertFormatError(() -> new AccountReference("DE49100200300100000011", "123", null, null, null, null).validated("a"));
        assertFormatError(() -> new AccountReference(null, null, null, null, null, null).validated("a"));
        assertFormatError(() -> new AccountAccess(List.of(), null, null, null, null, null, null).validated(MAX_REFS));
    }

    @Test
    void ownerNamesOnlyOfAccountsTheConsentNames() {
        AccountReference main = new AccountReference("DE49100200300100000011", null, null, null, null, null);
        AccountReference second = new AccountReference("DE26100200300100000037", null, null, null, null, null);
        AccountReference mainSpaced = new AccountReference("de49 1002 0030 0100 0000 11", null, null, null, null, null);
        AccountAccess asked = new AccountAccess(List.of(main, second), List.of(main), null,
                new AdditionalInformationAccess(List.of(mainSpaced)), null, null, null).validated(MAX_REFS);
        assertEquals(List.of(main), asked.additionalInformation().ownerName());
        // an empty list asks for every named account's owner name
        assertEquals(List.of(), new AccountAccess(List.of(main), null, null, new AdditionalInformationAccess(List.of()),
                null, null, null).validated(MAX_REFS).additionalInformation().ownerName());
        // nothing asked (e.g. only trustedBeneficiaries, which is not offered): not kept
        assertEquals(null, new AccountAccess(List.of(main), null, null, new AdditionalInformationAccess(null),
                null, null, null).validated(MAX_REFS).additionalInformation());
        assertFormatError(() -> new AccountAccess(List.of(main), null, null,
                new AdditionalInformationAccess(List.of(second)), null, null, null).validated(MAX_REFS));
        assertFormatError(() -> new AccountAccess(null, null, null,
                new AdditionalInformationAccess(List.of()), null, null, "allAccounts").validated(MAX_REFS));
        assertFormatError(() -> new AccountAccess(List.of(main), null, null,
                new AdditionalInformationAccess(java.util.Arrays.asList((AccountReference) null)), null, null, null)
                .validated(MAX_REFS));
    }

    private static void assertFormatError(Runnable call) {
        Psd2Exception e = assertThrows(Psd2Exception.class, call::run);
        assertEquals(ErrorClass.FORMAT_ERROR, e.errorClass());
    }
}
