package eu.xs2a.payment.api;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.quarkus.runtime.annotations.RegisterForReflection;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import org.hibernate.validator.constraints.CodePointLength;

/**
 * The body of a bank's status event (POST /internal/v1/bank-events; payment-service/README.md "Bank status events").
 * Fields the contract may add later are ignored. occurredAt stays text so that a malformed one is a FormatError naming
 * the field.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@RegisterForReflection
public record BankEventRequest(
        @NotBlank(message = REQUIRED)
        @Pattern(regexp = "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}",
                message = "must be a UUID") String eventId,
        @NotBlank(message = REQUIRED) @Pattern(regexp = "payment", message = "must be payment") String resource,
        @NotBlank(message = REQUIRED) @CodePointLength(max = 100, message = "is longer than {max} characters")
        @Pattern(regexp = "\\p{Graph}+", message = "must be printable ASCII") String bankPaymentId,
        @NotBlank(message = REQUIRED) @Pattern(regexp = "RCVD|PATC|ACTC|ACSP|ACSC|ACCC|PART|RJCT|CANC",
                message = "must be one of RCVD, PATC, ACTC, ACSP, ACSC, ACCC, PART, RJCT, CANC") String status,
        @Pattern(regexp = "\\p{Graph}{1,35}", message = "must be 1 to 35 printable ASCII characters")
        String statusReason,
        @NotBlank(message = REQUIRED) String occurredAt) {

    static final String REQUIRED = "is required";
}
