package eu.xs2a.consent.api;

import eu.xs2a.consent.domain.BankStatusEvent;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.UUID;

/**
 * Body of {@code POST /internal/v1/bank-events} (aspsp-sandbox/BANK-API.md "Status events"). consent-service takes
 * consent events only; a payment event belongs to payment-service.
 */
public record BankEventRequest(String eventId, String resource, String bankConsentId, String bankPaymentId,
                               String status, String statusReason, String occurredAt) {

    /** The longest bank consent id the gateway stores (the column's width). */
    private static final int MAX_BANK_ID = 128;

    /** The event, or FormatError (400) naming the first field that is wrong. */
    BankStatusEvent toEvent() {
        if (eventId == null || !isUuid(eventId)) {
            throw malformed("eventId must be a UUID");
        }
        if (!"consent".equals(resource)) {
            throw malformed("resource must be consent here, not " + resource);
        }
        if (bankConsentId == null || bankConsentId.isBlank() || bankConsentId.length() > MAX_BANK_ID) {
            throw malformed("bankConsentId must be 1 to " + MAX_BANK_ID + " characters");
        }
        if (status == null || !BankStatusEvent.STATUSES.contains(status)) {
            throw malformed("status must be one of " + BankStatusEvent.STATUSES.stream().sorted().toList());
        }
        if (occurredAt == null) {
            throw malformed("occurredAt is required");
        }
        try {
            return new BankStatusEvent(eventId, bankConsentId, status, Instant.parse(occurredAt));
        } catch (DateTimeParseException e) {
            throw malformed("occurredAt must be an ISO-8601 UTC timestamp, e.g. 2026-01-31T10:15:30Z");
        }
    }

    private static boolean isUuid(String value) {
        try {
            return UUID.fromString(value).toString().equalsIgnoreCase(value);
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static Psd2Exception malformed(String message) {
        return new Psd2Exception(ErrorClass.FORMAT_ERROR, message);
    }
}
