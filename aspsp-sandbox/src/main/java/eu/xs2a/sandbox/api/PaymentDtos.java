package eu.xs2a.sandbox.api;

import com.fasterxml.jackson.databind.JsonNode;
import eu.xs2a.sandbox.api.AccountDtos.Amount;
import eu.xs2a.sandbox.domain.AccountRef;
import com.fasterxml.jackson.annotation.JsonInclude;
import eu.xs2a.sandbox.domain.BankException;
import eu.xs2a.sandbox.domain.Payment;
import eu.xs2a.sandbox.domain.PaymentEntry;
import eu.xs2a.sandbox.domain.StandingOrder;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;

/** Bodies of {@code /bank/v1/payments}. */
@RegisterForReflection
public final class PaymentDtos {

    private PaymentDtos() {
    }

    public record SubmitPayment(String idempotencyKey, String paymentProduct, String tppId, String tppName,
                                AccountRef debtorAccount, String creditorName, AccountRef creditorAccount,
                                JsonNode creditorAddress, String creditorAgent, String creditorAgentName,
                                Amount instructedAmount,
                                String remittanceInformationUnstructured, String endToEndIdentification,
                                LocalDate requestedExecutionDate, String psuId, String returnUrl,
                                String scaApproach, Boolean batchBookingPreferred, List<BulkEntry> payments,
                                StandingOrderTerms standingOrder, Map<String, String> psuContext, String tppBrand,
                                Boolean rejectionNoFundsPreferred) {
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

    /**
     * A standing order's terms (BANK-API.md "Standing orders"), in the interface's form: days and months as text; in
     * a payment's state also the executed occurrences and the day of the next one (none once it has ended).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record StandingOrderTerms(LocalDate startDate, LocalDate endDate, String executionRule, String frequency,
                                     String dayOfExecution, List<String> monthsOfExecution, Integer executions,
                                     LocalDate nextExecutionDate) {

        public StandingOrder toDomain() {
            return new StandingOrder(startDate, endDate, executionRule, frequency, number(dayOfExecution,
                    "dayOfExecution"), monthsOfExecution == null ? null
                    : monthsOfExecution.stream().map(m -> number(m, "monthsOfExecution")).toList());
        }

        public static StandingOrderTerms of(Payment payment) {
            StandingOrder terms = payment.standingOrder();
            return terms == null ? null : new StandingOrderTerms(terms.startDate(), terms.endDate(),
                    terms.executionRule(), terms.frequency(),
                    terms.dayOfExecution() == null ? null : terms.dayOfExecution().toString(),
                    terms.monthsOfExecution() == null ? null
                            : terms.monthsOfExecution().stream().map(String::valueOf).toList(),
                    payment.executions, payment.nextExecutionDate);
        }

        private static Integer number(String text, String field) {
            if (text == null) {
                return null;
            }
            try {
                return Integer.valueOf(text);
            } catch (NumberFormatException e) {
                throw BankException.badRequest("standingOrder." + field + " must be a number");
            }
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
                               Boolean batchBooking, List<EntryState> payments, StandingOrderTerms standingOrder,
                               Map<String, String> psuContext, String tppBrand, Map<String, String> scaPsuContext,
                               Boolean rejectionNoFundsPreferred, Instant awaitsFundsUntil) {
    }

    /** The answer of a lookup by idempotency key: one payment or none. */
    public record PaymentList(List<PaymentState> payments) {
    }

    /** {@code scaApproach} DECOUPLED pushes the cancellation's approval to the PSU's app at once. */
    public record CancelPayment(String returnUrl, String scaApproach, Map<String, String> psuContext) {
    }

    public record CancellationAnswer(String transactionStatus, String scaUrl, String scaStatus, String psuMessage) {
    }
}
