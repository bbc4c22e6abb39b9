package eu.xs2a.payment.api;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import eu.xs2a.platform.validation.AnsweredAs;
import eu.xs2a.platform.validation.Bic;
import eu.xs2a.platform.validation.FreeText;
import eu.xs2a.platform.validation.Iban;
import eu.xs2a.platform.validation.IsoCountry;
import eu.xs2a.platform.validation.IsoCurrency;
import eu.xs2a.platform.validation.IsoDate;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.hibernate.validator.constraints.CodePointLength;

/**
 * The interface's "Payment initiation" body (plus the Berlin Group debtorAccount). Unknown fields are ignored;
 * requestedExecutionDate stays text here so that a malformed date is a FormatError naming the field.
 *
 * <p>Each field's own rules are its constraints, checked when the body is read (xs2a-platform's JsonBodies): lengths
 * are the Berlin Group 1.3.6 maxima, and for the address parts Berlin Group leaves open (building number, town, post
 * code) those of ISO 20022's postal address (Max16Text, Max35Text, Max16Text), which a SEPA bank applies; lengths
 * count characters (code points), as Berlin Group's maxLength and PostgreSQL's varchar do. Rules between fields or on
 * the day and the product are the domain's ({@code PaymentOrderRules}). Every free text ({@link FreeText}) holds no
 * control or format character, and only the provider's characters where it narrows them ({@code text-charset}).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@io.quarkus.runtime.annotations.RegisterForReflection
public record PaymentInitiationRequest(
        @CodePointLength(max = 35, message = PaymentInitiationRequest.TOO_LONG) @FreeText String endToEndIdentification,
        @Valid AccountReference debtorAccount,
        @NotNull(message = PaymentInitiationRequest.REQUIRED) @Valid Amount instructedAmount,
        @NotNull(message = PaymentInitiationRequest.REQUIRED) @Valid AccountReference creditorAccount,
        @Bic String creditorAgent,
        @CodePointLength(max = 70, message = PaymentInitiationRequest.TOO_LONG) @FreeText String creditorAgentName,
        @NotBlank(message = PaymentInitiationRequest.REQUIRED)
        @CodePointLength(max = 70, message = PaymentInitiationRequest.TOO_LONG) @FreeText String creditorName,
        @Valid Address creditorAddress,
        @CodePointLength(max = 140, message = PaymentInitiationRequest.TOO_LONG) @FreeText
        String remittanceInformationUnstructured,
        @Schema(description = PaymentInitiationRequest.EXECUTION_DATE) @IsoDate String requestedExecutionDate) {

    static final String REQUIRED = "is required";
    static final String EXECUTION_DATE = "the day the bank executes the payment: from today at the provider's bank to"
            + " its max-execution-days-ahead (365 by default) later; another day is 400 EXECUTION_DATE_INVALID";
    static final String TOO_LONG = "is longer than {max} characters";

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record AccountReference(
            @Iban String iban,
            @Pattern(regexp = "[A-Za-z0-9]{1,30}", message = "must be 1 to 30 letters or digits") String bban,
            @Pattern(regexp = "[0-9]{6}", message = "must be 6 digits") String sortCode,
            @Bic String swiftCode,
            @IsoCurrency String currency) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Amount(@NotBlank(message = REQUIRED) @IsoCurrency String currency,
                         @NotBlank(message = REQUIRED) String amount) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Address(@CodePointLength(max = 70, message = TOO_LONG) @FreeText String streetName,
                          @CodePointLength(max = 16, message = TOO_LONG) @FreeText String buildingNumber,
                          @CodePointLength(max = 35, message = TOO_LONG) @FreeText String townName,
                          @CodePointLength(max = 16, message = TOO_LONG) @FreeText String postCode,
                          @NotNull(message = "is required (an ISO 3166 alpha-2 country code)",
                                  payload = AnsweredAs.CountryNameInvalid.class)
                          @IsoCountry(payload = AnsweredAs.CountryNameInvalid.class) String country) {
    }
}
