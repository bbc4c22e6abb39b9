package eu.xs2a.payment.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import eu.xs2a.payment.domain.Payment;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * Berlin Group paymentInitiationStatusResponse-200_json; fundsAvailable once the bank has checked; payeeVerification
 * an extension ({@link PayeeVerificationResponse}).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@RegisterForReflection
public record PaymentStatusResponse(String transactionStatus, Boolean fundsAvailable,
                                    PayeeVerificationResponse payeeVerification) {

    static PaymentStatusResponse of(Payment payment) {
        return new PaymentStatusResponse(payment.transactionStatus().name(), payment.fundsAvailable(),
                PayeeVerificationResponse.of(payment.payeeVerification()));
    }
}
