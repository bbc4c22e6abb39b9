package eu.xs2a.payment.api;

import com.fasterxml.jackson.annotation.JsonInclude;

/** Shown to the PSU after the bank's page when the TPP gave no redirect URI. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CallbackResponse(long paymentId, String transactionStatus, String scaStatus) {
}
