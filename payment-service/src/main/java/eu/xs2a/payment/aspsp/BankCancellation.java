package eu.xs2a.payment.aspsp;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * The bank's answer to a cancellation request: CANC at once, or an scaUrl for the PSU (and the cancellation's SCA
 * status, which a decoupled push moved on).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@RegisterForReflection
public record BankCancellation(String transactionStatus, String scaUrl, String scaStatus, String psuMessage) {
}
