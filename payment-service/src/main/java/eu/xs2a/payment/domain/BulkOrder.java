package eu.xs2a.payment.domain;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.LocalDate;
import java.util.List;

/**
 * A bulk payment as the TPP initiated it (Berlin Group bulkPaymentInitiation_json): one debtor account and execution
 * date for all its credit transfers ({@code payments}, each a {@link PaymentOrder} without debtor and date), and whether
 * the TPP prefers them booked as one debit (batch booking).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@io.quarkus.runtime.annotations.RegisterForReflection
public record BulkOrder(Boolean batchBookingPreferred, AccountRef debtorAccount, LocalDate requestedExecutionDate,
                        List<PaymentOrder> payments) {

    /** Entry {@code index} as a single order of the bulk's debtor and date: the same rules apply to it. */
    public PaymentOrder entry(int index) {
        PaymentOrder e = payments.get(index);
        return new PaymentOrder(e.creditorName(), e.creditorAccount(), debtorAccount, e.instructedAmount(),
                e.creditorAddress(), e.creditorAgent(), e.creditorAgentName(), e.remittanceInformationUnstructured(),
                e.endToEndIdentification(), requestedExecutionDate);
    }

    public boolean batchBooking() {
        return Boolean.TRUE.equals(batchBookingPreferred);
    }
}
