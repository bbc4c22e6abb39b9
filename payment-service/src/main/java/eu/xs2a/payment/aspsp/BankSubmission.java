package eu.xs2a.payment.aspsp;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.quarkus.runtime.annotations.RegisterForReflection;

/** The bank's answer to a submission; scaStatus and psuMessage tell of a decoupled SCA it started. */
@JsonIgnoreProperties(ignoreUnknown = true)
@RegisterForReflection
public record BankSubmission(String bankPaymentId, String transactionStatus, String scaUrl, String scaStatus,
                             String psuMessage, BankPayeeCheck payeeVerification,
                             java.util.List<BankEntryState> payments) {
}
