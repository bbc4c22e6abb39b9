package eu.xs2a.payment.api;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * The interface's "Payment initiation" body (plus the Berlin Group debtorAccount). Unknown fields are ignored;
 * requestedExecutionDate stays text here so that a malformed date is a FormatError naming the field.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@io.quarkus.runtime.annotations.RegisterForReflection(targets = {PaymentInitiationRequest.AccountReference.class,
        PaymentInitiationRequest.Amount.class, PaymentInitiationRequest.Address.class})
public record PaymentInitiationRequest(String endToEndIdentification, AccountReference debtorAccount,
                                       Amount instructedAmount, AccountReference creditorAccount,
                                       String creditorAgentName, String creditorName, Address creditorAddress,
                                       String remittanceInformationUnstructured, String requestedExecutionDate) {

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record AccountReference(String iban, String bban, String sortCode, String swiftCode, String currency) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Amount(String currency, String amount) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Address(String streetName, String buildingNumber, String townName, String postCode,
                          String country) {
    }
}
