package eu.xs2a.sandbox.api;

import com.fasterxml.jackson.databind.JsonNode;
import eu.xs2a.sandbox.api.AccountDtos.Amount;
import eu.xs2a.sandbox.domain.AccountRef;
import eu.xs2a.sandbox.domain.Payment;
import eu.xs2a.sandbox.domain.PaymentEntry;
import java.time.LocalDate;
import java.util.List;

/** Bodies of {@code /bank/v1/payments}. */
public final class PaymentDtos {

    private PaymentDtos() {
    }

    public record SubmitPayment(String idempotencyKey, String paymentProduct, String tppId, String tppName,
                                AccountRef debtorAccount, String creditorName, AccountRef creditorAccount,
                                JsonNode creditorAddress, String creditorAgent, String creditorAgentName,
                                Amount instructedAmount,
                                String remittanceInformationUnstructured, String endToEndIdentification,
                                LocalDate requestedExecutionDate, String psuId, String returnUrl,
                                String scaApproach, Boolean batchBookingPreferred, List<BulkEntry> payments) {
    }

    /** One credit transfer of a bulk payment (BANK-API.md "Bulk payments"). */
    public record BulkEntry(String creditorName, AccountRef creditorAccount, JsonNode creditorAddress,
                            String creditorAgent, String creditorAgentName, Amount instructedAmount,
                            String remittanceInformationUnstructured, String endToEndIdentification) {
    }

    /** A bulk entry's state, in the order submitted: its status, its own reason, its Verification of Payee. */
    public record EntryState(String transactionStatus, String statusReason, PayeeCheck payeeVerification) {

        static EntryState of(PaymentEntry entry, Payment bulk) {
            return new EntryState(entry.statusWithin(bulk).name(), entry.reasonWithin(bulk),
                    entry.payeeVerification == null ? null
                            : new PayeeCheck(entry.payeeVerification, entry.payeeMatchedName));
        }
    }

    /** scaStatus and psuMessage tell of a decoupled SCA started with the submission. */
    public record PaymentCreated(String bankPaymentId, String transactionStatus, String scaUrl, String scaStatus,
                                 String psuMessage, PayeeCheck payeeVerification, List<EntryState> payments) {
    }

    /** Verification of Payee: {@code result} MTCH, CMTC, NMTC or NOAP; {@code matchedName} for CMTC only. */
    public record PayeeCheck(String result, String matchedName) {

        static PayeeCheck of(Payment payment) {
            return payment.payeeVerification == null ? null
                    : new PayeeCheck(payment.payeeVerification, payment.payeeMatchedName);
        }
    }

    public record CancellationState(String scaStatus, String scaUrl) {
    }

    public record PaymentState(String bankPaymentId, String transactionStatus, String scaStatus, String statusReason,
                               Boolean fundsAvailable, AccountRef debtorAccount, Amount instructedAmount,
                               String creditorName, AccountRef creditorAccount, String psuId,
                               CancellationState cancellation, PayeeCheck payeeVerification,
                               Boolean batchBooking, List<EntryState> payments) {
    }

    /** The answer of a lookup by idempotency key: one payment or none. */
    public record PaymentList(List<PaymentState> payments) {
    }

    /** {@code scaApproach} DECOUPLED pushes the cancellation's approval to the PSU's app at once. */
    public record CancelPayment(String returnUrl, String scaApproach) {
    }

    public record CancellationAnswer(String transactionStatus, String scaUrl, String scaStatus, String psuMessage) {
    }
}
