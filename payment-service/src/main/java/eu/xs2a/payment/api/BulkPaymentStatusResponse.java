package eu.xs2a.payment.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import eu.xs2a.payment.domain.BulkEntryState;
import eu.xs2a.payment.domain.Payment;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * A bulk's status (Berlin Group paymentInitiationStatusResponse-200_json) with {@code payments}, each entry's own
 * status in the bulk's order (extension: README "Bulk payments").
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@io.quarkus.runtime.annotations.RegisterForReflection
public record BulkPaymentStatusResponse(
        String transactionStatus, Boolean fundsAvailable,
        @Schema(description = "Extension of Berlin Group 1.3.6: each entry's own transactionStatus (and its"
                + " Verification of Payee), in the order of the initiation's payments")
        List<EntryStatus> payments) {

    @JsonInclude(JsonInclude.Include.NON_NULL)
    @Schema(name = "bulkPaymentEntryStatus", description = "Extension: one entry's transactionStatus and"
            + " payeeVerification")
    public record EntryStatus(String transactionStatus, PayeeVerificationResponse payeeVerification) {
    }

    static BulkPaymentStatusResponse of(Payment payment, int entries, List<BulkEntryState> reported) {
        List<EntryStatus> statuses = new ArrayList<>();
        for (int i = 0; i < entries; i++) {
            BulkEntryState state = i < reported.size() ? reported.get(i) : null;
            statuses.add(new EntryStatus(BulkPaymentResponse.entryStatus(payment, state),
                    state == null ? null : PayeeVerificationResponse.of(state.payeeVerification())));
        }
        return new BulkPaymentStatusResponse(payment.transactionStatus().name(), payment.fundsAvailable(), statuses);
    }
}
