package eu.xs2a.payment.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import eu.xs2a.payment.domain.AccountRef;
import eu.xs2a.payment.domain.BulkEntryState;
import eu.xs2a.payment.domain.BulkOrder;
import eu.xs2a.payment.domain.Money;
import eu.xs2a.payment.domain.Payment;
import eu.xs2a.payment.domain.PaymentOrder;
import eu.xs2a.payment.domain.PostalAddress;
import eu.xs2a.payment.domain.TransactionStatus;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * A bulk as initiated plus its transactionStatus (Berlin Group bulkPaymentInitiationWithStatusResponse), each entry
 * with its own transactionStatus and payeeVerification (extensions: README "Bulk payments").
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@io.quarkus.runtime.annotations.RegisterForReflection
public record BulkPaymentResponse(Boolean batchBookingPreferred, LocalDate requestedExecutionDate,
                                  AccountRef debtorAccount, List<Entry> payments, String transactionStatus) {

    /** One credit transfer of the bulk (paymentInitiationBulkElement_json) and what became of it. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @Schema(name = "bulkPaymentEntryWithStatus", description = "paymentInitiationBulkElement_json with the entry's"
            + " own transactionStatus and payeeVerification (extensions)")
    public record Entry(String endToEndIdentification, Money instructedAmount, AccountRef creditorAccount,
                        String creditorAgent, String creditorAgentName, String creditorName,
                        PostalAddress creditorAddress, String remittanceInformationUnstructured,
                        @Schema(description = "Extension of Berlin Group 1.3.6: this entry's own status. Without"
                                + " batch booking the bank executes each entry on its own: RJCT for an entry the"
                                + " debtor's funds could not cover, ACSC for a booked one, while the bulk is PART;"
                                + " else the bulk's status")
                        String transactionStatus,
                        PayeeVerificationResponse payeeVerification) {
    }

    static BulkPaymentResponse of(BulkOrder bulk, Payment payment, List<BulkEntryState> reported) {
        List<Entry> entries = new ArrayList<>();
        for (int i = 0; i < bulk.payments().size(); i++) {
            PaymentOrder e = bulk.payments().get(i);
            BulkEntryState state = i < reported.size() ? reported.get(i) : null;
            entries.add(new Entry(e.endToEndIdentification(), e.instructedAmount(), e.creditorAccount(),
                    e.creditorAgent(), e.creditorAgentName(), e.creditorName(), e.creditorAddress(),
                    e.remittanceInformationUnstructured(), entryStatus(payment, state),
                    state == null ? null : PayeeVerificationResponse.of(state.payeeVerification())));
        }
        return new BulkPaymentResponse(bulk.batchBookingPreferred(), bulk.requestedExecutionDate(),
                bulk.debtorAccount(), entries, payment.transactionStatus().name());
    }

    /**
     * The bank's report of the entry; the bulk's status when the bank has not reported it yet, or when the bulk ended
     * (RJCT, CANC, ACSC: a status event, the authorisation deadline) after the report of an entry still open.
     */
    static String entryStatus(Payment payment, BulkEntryState state) {
        if (state == null || state.transactionStatus() == null
                || (state.isOpen() && payment.transactionStatus().isConcluded()
                && payment.transactionStatus() != TransactionStatus.PART)) {
            return payment.transactionStatus().name();
        }
        return state.transactionStatus();
    }
}
