package eu.xs2a.payment.domain;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * What the bank last reported of one credit transfer of a bulk: its own status (without batch booking an entry the
 * debtor's funds cannot cover is rejected alone), reason and Verification of Payee.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@io.quarkus.runtime.annotations.RegisterForReflection
public record BulkEntryState(String transactionStatus, String statusReason, PayeeVerification payeeVerification) {

    /** Whether the bank may still change it: not yet booked, rejected or cancelled. */
    public boolean isOpen() {
        TransactionStatus status = TransactionStatus.fromBank(transactionStatus);
        return status == null || !status.isConcluded();
    }
}
