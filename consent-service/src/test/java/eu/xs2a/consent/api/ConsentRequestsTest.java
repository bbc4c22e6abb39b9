package eu.xs2a.consent.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.consent.domain.AccountAccess;
import eu.xs2a.consent.domain.AccountReference;
import eu.xs2a.consent.domain.AdditionalInformationAccess;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.validation.Violations;
import jakarta.validation.Validation;
import jakarta.validation.Validator;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Each field's own rules, the constraints of the consent bodies, as the error contract answers them (how fields go
 * together: ConsentRulesTest; over HTTP: AisConsentTest, FundsConsentTest).
 */
class ConsentRequestsTest {

    private static final Validator VALIDATOR = Validation.buildDefaultValidatorFactory().getValidator();
    private static final String MAIN = "DE49100200300100000011";

    private static AccountReference iban(String iban, String currency) {
        return new AccountReference(iban, null, null, null, null, currency);
    }

    private static AisConsentRequest ais(AccountAccess access, String validUntil, Integer frequencyPerDay) {
        return new AisConsentRequest(access, true, validUntil, frequencyPerDay, false);
    }

    private static AccountAccess balances(AccountReference... refs) {
        return new AccountAccess(null, Arrays.asList(refs), null, null, null, null, null);
    }

    private static String refusal(Object body) {
        Psd2Exception refused = Violations.refusal(VALIDATOR.validate(body));
        assertEquals(ErrorClass.FORMAT_ERROR, refused.errorClass());
        return refused.getMessage();
    }

    @Test
    void aValidBodyHasNoViolation() {
        assertTrue(VALIDATOR.validate(ais(balances(iban("de49 1002 0030 0100 0000 11", "EUR")), "2026-03-01", 4))
                .isEmpty());
    }

    @Test
    void anIbanIsReadByTheSharedRulesAndNamedByItsPlaceInTheBody() {
        // the rules themselves are xs2a-platform's IbansTest; here only that a reference applies them
        assertEquals("access.balances[1].iban 'DE9710020030100000037' is not a valid IBAN: an IBAN of DE has 22"
                + " characters, this one 21", refusal(ais(balances(iban(MAIN, null),
                iban("DE9710020030100000037", null)), null, 4)));
    }

    @Test
    void theOtherIdentifiersAndTheCurrencyHaveTheirShapes() {
        assertEquals("access.balances[0].currency 'eur' is not an ISO 4217 currency code",
                refusal(ais(balances(iban(MAIN, "eur")), null, 4)));
        assertEquals("access.balances[0].bban '0532-013000' is not a valid BBAN", refusal(ais(balances(
                new AccountReference(null, "0532-013000", null, null, null, null)), null, 4)));
        assertEquals("access.balances[0].msisdn must be 1 to 35 characters", refusal(ais(balances(
                new AccountReference(null, null, null, null, " ", null)), null, 4)));
        assertEquals("access.balances[0].pan must be 1 to 35 characters", refusal(ais(balances(
                new AccountReference(null, null, "4".repeat(36), null, null, null)), null, 4)));
    }

    @Test
    void aListElementMustBeAReference() {
        assertEquals("access.balances[0] must be an account reference", refusal(ais(balances((AccountReference) null),
                null, 4)));
        List<AccountReference> owners = new ArrayList<>();
        owners.add(null);
        assertEquals("access.additionalInformation.ownerName[0] must be an account reference", refusal(ais(
                new AccountAccess(List.of(iban(MAIN, null)), null, null, new AdditionalInformationAccess(owners), null,
                        null, null), null, 4)));
    }

    @Test
    void anAllAccountsValueIsOneOfTwo() {
        assertEquals("access.allPsd2 'everything' must be allAccounts or allAccountsWithOwnerName", refusal(ais(
                new AccountAccess(null, null, null, null, null, null, "everything"), null, 4)));
    }

    @Test
    void requiredValuesDatesAndTheFrequency() {
        assertEquals("access is required", refusal(ais(null, null, 4)));
        assertEquals("recurringIndicator is required",
                refusal(new AisConsentRequest(balances(iban(MAIN, null)), null, null, 4, false)));
        assertEquals("validUntil '31.12.2030' is not an ISO date (yyyy-MM-dd)",
                refusal(ais(balances(iban(MAIN, null)), "31.12.2030", 4)));
        assertEquals("frequencyPerDay 0 must be at least 1", refusal(ais(balances(iban(MAIN, null)), null, 0)));
        assertEquals("frequencyPerDay -3 must be at least 1", refusal(ais(balances(iban(MAIN, null)), null, -3)));
    }

    @Test
    void aFundsConsentsFields() {
        assertEquals("account is required", refusal(new FundsConsentRequest(null, null, null, null, null)));
        String emoji = "\uD83D\uDE00"; // one character, two UTF-16 units
        assertTrue(VALIDATOR.validate(new FundsConsentRequest(iban(MAIN, null), emoji.repeat(35), "2030-01-31",
                emoji.repeat(140), null)).isEmpty());
        assertEquals("cardInformation must be 1 to 140 characters; cardNumber must be 1 to 35 characters",
                refusal(new FundsConsentRequest(iban(MAIN, null), "4".repeat(36), null, "i".repeat(141), null)));
        assertEquals("cardExpiryDate '2030-13-01' is not an ISO date (yyyy-MM-dd)",
                refusal(new FundsConsentRequest(iban(MAIN, null), null, "2030-13-01", null, null)));
    }
}
