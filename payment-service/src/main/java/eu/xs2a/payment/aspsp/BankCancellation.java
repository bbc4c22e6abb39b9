package eu.xs2a.payment.aspsp;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/** The bank's answer to a cancellation request: CANC at once, or an scaUrl for the PSU. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record BankCancellation(String transactionStatus, String scaUrl, String scaStatus) {
}
