package eu.xs2a.payment.aspsp;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/** The bank's answer to a submission. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record BankSubmission(String bankPaymentId, String transactionStatus, String scaUrl,
                             BankPayeeCheck payeeVerification) {
}
