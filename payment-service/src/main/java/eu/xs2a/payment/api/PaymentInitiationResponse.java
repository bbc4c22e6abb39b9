package eu.xs2a.payment.api;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Map;

/** Berlin Group paymentInitationRequestResponse-201; paymentId is the interface's integer id. */
public record PaymentInitiationResponse(String transactionStatus, long paymentId,
                                        @JsonProperty("_links") Map<String, Href> links) {
}
