package eu.xs2a.consent.api;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import eu.xs2a.consent.domain.BankStatusEvent;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import io.quarkus.runtime.annotations.RegisterForReflection;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import org.hibernate.validator.constraints.CodePointLength;

/**
 * Body of {@code POST /internal/v1/bank-events} (aspsp-sandbox/BANK-API.md "Status events"), checked by the shared
 * body reader like payment-service's: consent-service takes consent events only, a payment event belongs to
 * payment-service. Fields the contract may add later are ignored; occurredAt stays text so that a malformed one is a
 * FormatError naming the field.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@RegisterForReflection
public record BankEventRequest(
        @NotBlank(message = REQUIRED)
        @Pattern(regexp = "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}",
                message = "must be a UUID") String eventId,
        @NotBlank(message = REQUIRED) @Pattern(regexp = "consent", message = "must be consent") String resource,
        @NotBlank(message = REQUIRED) @CodePointLength(max = 128, message = "is longer than {max} characters")
        @Pattern(regexp = "\\p{Graph}+", message = "must be printable ASCII") String bankConsentId,
        @NotBlank(message = REQUIRED)
        @Pattern(regexp = "received|partiallyAuthorised|valid|rejected|revokedByPsu|terminatedByTpp|expired"
                + "|terminatedByBank",
                message = "must be one of received, partiallyAuthorised, valid, rejected, revokedByPsu,"
                        + " terminatedByTpp, expired, terminatedByBank") String status,
        @NotBlank(message = REQUIRED) String occurredAt) {

    static final String REQUIRED = "is required";

    /** The event; a malformed occurredAt is FormatError (400). */
    BankStatusEvent toEvent() {
        try {
            return new BankStatusEvent(eventId, bankConsentId, status, Instant.parse(occurredAt));
        } catch (DateTimeParseException e) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR,
                    "occurredAt must be an ISO-8601 UTC timestamp, e.g. 2026-01-31T10:15:30Z");
        }
    }
}
