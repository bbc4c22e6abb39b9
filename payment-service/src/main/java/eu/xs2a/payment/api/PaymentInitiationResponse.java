package eu.xs2a.payment.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import eu.xs2a.payment.domain.Payment;
import eu.xs2a.platform.api.Href;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.Map;

/**
 * Berlin Group paymentInitationRequestResponse-201. {@code paymentId}: the payment's id in its paths, random
 * base64url ({@link Payment#resourceId()}).
 * {@code psuMessage}: a decoupled SCA's push went to the PSU's app.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@RegisterForReflection
public record PaymentInitiationResponse(String transactionStatus, String paymentId,
                                        @JsonProperty("_links") Map<String, Href> links, String psuMessage,
                                        PayeeVerificationResponse payeeVerification) {

    static PaymentInitiationResponse of(Payment payment, Map<String, Href> links, String psuMessage) {
        return new PaymentInitiationResponse(payment.transactionStatus().name(), payment.resourceId(), links,
                psuMessage, PayeeVerificationResponse.of(payment.payeeVerification()));
    }
}
