package eu.xs2a.payment.api;

import com.fasterxml.jackson.annotation.JsonProperty;
import eu.xs2a.platform.api.Href;
import java.util.Map;

/**
 * Berlin Group paymentInitationRequestResponse-201. {@code paymentId} is a JSON string, as the Berlin Group schema
 * {@code paymentId} defines it; its value is the digits of the interface's integer id (the one in the paths).
 */
public record PaymentInitiationResponse(String transactionStatus, String paymentId,
                                        @JsonProperty("_links") Map<String, Href> links) {

    static PaymentInitiationResponse of(String transactionStatus, long paymentId, Map<String, Href> links) {
        return new PaymentInitiationResponse(transactionStatus, String.valueOf(paymentId), links);
    }
}
