package eu.xs2a.payment.aspsp;

import com.fasterxml.jackson.annotation.JsonInclude;
import eu.xs2a.platform.bank.PsuContext;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.Map;

/**
 * {@code POST /bank/v1/payments}; {@code idempotencyKey} is the gateway's paymentId; {@code scaApproach} DECOUPLED
 * (with psuId) has the bank push the approval to the PSU's app at once, else absent. A bulk has no creditor or amount
 * of its own: its credit transfers are {@code payments}; {@code standingOrder} the terms of a periodic payment, which
 * the bank keeps as a standing order (absent for a single payment); {@code psuContext} what the TPP forwarded of the
 * PSU's request, for the bank's fraud monitoring; {@code tppBrand} the brand the PSU knows the TPP by;
 * {@code rejectionNoFundsPreferred} the TPP's TPP-Rejection-NoFunds-Preferred (absent when it sent none).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@RegisterForReflection
public record BankPaymentOrder(String idempotencyKey, String paymentProduct, String tppId, String tppName,
                               BankAccountRef debtorAccount, String creditorName, BankAccountRef creditorAccount,
                               Map<String, String> creditorAddress, String creditorAgent, String creditorAgentName,
                               Map<String, String> instructedAmount, String remittanceInformationUnstructured,
                               String endToEndIdentification, String requestedExecutionDate, String psuId,
                               String returnUrl, String scaApproach, Boolean batchBookingPreferred,
                               java.util.List<BankBulkEntry> payments, BankStandingOrder standingOrder,
                               PsuContext psuContext, String tppBrand, Boolean rejectionNoFundsPreferred) {
}
