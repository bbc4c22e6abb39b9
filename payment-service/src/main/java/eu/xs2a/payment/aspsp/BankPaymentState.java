package eu.xs2a.payment.aspsp;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.quarkus.runtime.annotations.RegisterForReflection;

/** {@code GET /bank/v1/payments/{bankPaymentId}}. */
@JsonIgnoreProperties(ignoreUnknown = true)
@RegisterForReflection
public record BankPaymentState(String bankPaymentId, String transactionStatus, String scaStatus, String statusReason,
                               Boolean fundsAvailable, BankAccountRef debtorAccount, Cancellation cancellation,
                               BankPayeeCheck payeeVerification, java.util.List<BankEntryState> payments) {

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Cancellation(String scaStatus, String scaUrl) {
    }
}
