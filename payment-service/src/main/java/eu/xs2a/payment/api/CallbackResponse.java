package eu.xs2a.payment.api;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * Shown to the PSU after the bank's page when the TPP gave no redirect URI. {@code paymentId} is a JSON string (the
 * Berlin Group {@code paymentId} schema), the digits of the interface's integer id.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CallbackResponse(String paymentId, String transactionStatus, String scaStatus) {

    static CallbackResponse of(long paymentId, String transactionStatus, String scaStatus) {
        return new CallbackResponse(String.valueOf(paymentId), transactionStatus, scaStatus);
    }
}
