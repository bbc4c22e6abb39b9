package eu.xs2a.payment.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * Shown to the PSU after the bank's page when the TPP gave no redirect URI; {@code paymentId} is the one of the
 * payment's paths.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@RegisterForReflection
public record CallbackResponse(String paymentId, String transactionStatus, String scaStatus) {
}
