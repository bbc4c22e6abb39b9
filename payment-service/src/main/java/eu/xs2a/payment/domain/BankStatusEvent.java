package eu.xs2a.payment.domain;

import java.time.Instant;
import java.util.UUID;

/**
 * A payment's status as the bank announces it on its own (POST /internal/v1/bank-events): the bank's id of the
 * payment, its transactionStatus (a bank code, RCVD to CANC) and reason, and when it changed there.
 */
public record BankStatusEvent(UUID eventId, String bankPaymentId, String status, String statusReason,
                              Instant occurredAt) {
}
