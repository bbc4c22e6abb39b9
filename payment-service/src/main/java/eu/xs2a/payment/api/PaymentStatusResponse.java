package eu.xs2a.payment.api;

import com.fasterxml.jackson.annotation.JsonInclude;

/** Berlin Group paymentInitiationStatusResponse-200_json; fundsAvailable once the bank has checked. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PaymentStatusResponse(String transactionStatus, Boolean fundsAvailable) {
}
