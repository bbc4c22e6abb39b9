package eu.xs2a.payment.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.validation.Violations;
import jakarta.validation.Validation;
import jakarta.validation.Validator;
import org.junit.jupiter.api.Test;

/**
 * Each field's own rules, the constraints of the initiation body, as the error contract answers them (the rules
 * between fields are PaymentOrderRulesTest's; over HTTP, PaymentInitiationTest).
 */
class PaymentInitiationRequestTest {

    private static final Validator VALIDATOR = Validation.buildDefaultValidatorFactory().getValidator();
    private static final PaymentInitiationRequest.AccountReference CREDITOR =
            new PaymentInitiationRequest.AccountReference("DE89370400440532013000", null, null, null, null);
    private static final PaymentInitiationRequest.Amount ONE_EURO = new PaymentInitiationRequest.Amount("EUR", "1");

    private static PaymentInitiationRequest request(String creditorName,
                                                    PaymentInitiationRequest.AccountReference creditor,
                                                    PaymentInitiationRequest.Address address, String agentName,
                                                    String remittance) {
        return new PaymentInitiationRequest(null, null, ONE_EURO, creditor, null, agentName, creditorName, address,
                remittance, null);
    }

    private static Psd2Exception refusal(PaymentInitiationRequest request) {
        return Violations.refusal(VALIDATOR.validate(request));
    }

    @Test
    void accountIbansAreReadByTheSharedRules() {
        // the rules themselves are xs2a-platform's IbansTest; here only that an order's accounts apply them
        Psd2Exception refused = refusal(request("Merchant", new PaymentInitiationRequest.AccountReference(
                "DE9710020030100000037", null, null, null, null), null, null, null));
        assertEquals(ErrorClass.FORMAT_ERROR, refused.errorClass());
        assertEquals("creditorAccount.iban 'DE9710020030100000037' is not a valid IBAN: an IBAN of DE has 22"
                + " characters, this one 21", refused.getMessage());
    }

    @Test
    void countryMustBeIso3166Alpha2() {
        Psd2Exception unknown = refusal(request("Merchant", CREDITOR,
                new PaymentInitiationRequest.Address(null, null, null, null, "XX"), null, null));
        assertEquals(ErrorClass.COUNTRY_NAME_INVALID, unknown.errorClass());
        assertEquals("creditorAddress.country 'XX' is not an ISO 3166 alpha-2 country code", unknown.getMessage());
        Psd2Exception missing = refusal(request("Merchant", CREDITOR,
                new PaymentInitiationRequest.Address("Hauptstrasse", null, "Berlin", null, null), null, null));
        assertEquals(ErrorClass.COUNTRY_NAME_INVALID, missing.errorClass());
        assertEquals("creditorAddress.country is required (an ISO 3166 alpha-2 country code)", missing.getMessage());
    }

    @Test
    void lengthsAreCountedInCharactersAndTheAgentNameIsSeventyAtMost() {
        String emoji = "\uD83D\uDE00"; // one character, two UTF-16 units
        assertTrue(VALIDATOR.validate(request(emoji.repeat(70), CREDITOR, null, "A".repeat(70), emoji.repeat(140)))
                .isEmpty());
        assertEquals("creditorAgentName is longer than 70 characters",
                refusal(request("M", CREDITOR, null, "A".repeat(71), null)).getMessage());
        assertEquals("creditorAddress.townName is longer than 35 characters", refusal(request("M", CREDITOR,
                new PaymentInitiationRequest.Address(null, null, "t".repeat(36), null, "DE"), null, null))
                .getMessage());
    }

    @Test
    void aMissingFieldIsOnlySaidToBeMissing() {
        assertEquals("creditorName is required", refusal(request(" ", CREDITOR, null, null, null)).getMessage());
        PaymentInitiationRequest noCurrency = new PaymentInitiationRequest(null, null,
                new PaymentInitiationRequest.Amount("", "1.00"), CREDITOR, null, null, "M", null, null, null);
        assertEquals("instructedAmount.currency is required", refusal(noCurrency).getMessage());
    }

    @Test
    void accountReferencePartsHaveTheirShapesAndEveryFaultIsNamed() {
        PaymentInitiationRequest.AccountReference debtor = new PaymentInitiationRequest.AccountReference(
                "DE89370400440532013000", null, "12345", "SBOX", null);
        assertEquals("debtorAccount.sortCode must be 6 digits; debtorAccount.swiftCode 'SBOX' is not a BIC",
                refusal(new PaymentInitiationRequest(null, debtor, ONE_EURO, CREDITOR, null, null, "M", null, null, null))
                        .getMessage());
        assertEquals("creditorAccount.bban must be 1 to 30 letters or digits", refusal(request("M",
                new PaymentInitiationRequest.AccountReference(null, "0532-013000", null, null, null), null, null,
                null)).getMessage());
        assertEquals("creditorAccount.currency 'euro' is not an ISO 4217 currency code", refusal(request("M",
                new PaymentInitiationRequest.AccountReference(null, "0532013000", null, null, "euro"), null, null,
                null)).getMessage());
    }

    @Test
    void aMalformedExecutionDateNamesTheField() {
        assertEquals("requestedExecutionDate '21.11.2026' is not an ISO date (yyyy-MM-dd)",
                refusal(new PaymentInitiationRequest(null, null, ONE_EURO, CREDITOR, null, null, "M", null, null,
                        "21.11.2026")).getMessage());
    }

    @Test
    void theCreditorAgentIsABic() {
        assertTrue(VALIDATOR.validate(new PaymentInitiationRequest(null, null, ONE_EURO, CREDITOR, "NWBKGB2LXXX", null,
                "M", null, null, null)).isEmpty());
        assertEquals("creditorAgent 'NWBK GB' is not a BIC", refusal(new PaymentInitiationRequest(null, null, ONE_EURO,
                CREDITOR, "NWBK GB", null, "M", null, null, null)).getMessage());
    }
}
