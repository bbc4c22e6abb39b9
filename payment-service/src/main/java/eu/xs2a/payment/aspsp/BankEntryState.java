package eu.xs2a.payment.aspsp;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import eu.xs2a.payment.domain.BulkEntryState;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.List;

/** The bank's report of one credit transfer of a bulk, in the order submitted (BANK-API.md "Bulk payments"). */
@JsonIgnoreProperties(ignoreUnknown = true)
@RegisterForReflection
public record BankEntryState(String transactionStatus, String statusReason, BankPayeeCheck payeeVerification) {

    /** Null-safe: null for a single payment's report. */
    public static List<BulkEntryState> toDomain(List<BankEntryState> entries) {
        return entries == null ? null : entries.stream()
                .map(e -> new BulkEntryState(e.transactionStatus(), e.statusReason(),
                        BankPayeeCheck.toDomain(e.payeeVerification())))
                .toList();
    }
}
