package eu.xs2a.sandbox.events;

import java.time.Instant;

/** One row of the outbox {@code bank_event}, claimed for a delivery attempt. */
record BankEvent(String id, String resource, String resourceId, String status, String statusReason,
                 Instant occurredAt, int attempts) {

    static final String CONSENT = "consent";
    static final String PAYMENT = "payment";
}
