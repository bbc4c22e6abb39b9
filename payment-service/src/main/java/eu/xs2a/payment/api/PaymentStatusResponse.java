package eu.xs2a.payment.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import eu.xs2a.payment.domain.Payment;

/**
 * Berlin Group paymentInitiationStatusResponse-200_json; fundsAvailable once the bank has checked; payeeVerification
 * an extension ({@link PayeeVerificationResponse}).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PaymentStatusResponse(String transactionStatus, Boolean fundsAvailable,
                                    PayeeVerificationResponse payeeVerification) {

    static PaymentStatusResponse of(Payment payment) {
        return new PaymentStatusResponse(payment.transactionStatus().name(), payment.fundsAvailable(),
                PayeeVerificationResponse.of(payment.payeeVerification()));
    }
}
