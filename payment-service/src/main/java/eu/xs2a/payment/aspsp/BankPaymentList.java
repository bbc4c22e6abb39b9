package eu.xs2a.payment.aspsp;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.List;

/** {@code GET /bank/v1/payments?idempotencyKey=…}: the payment submitted with that key, or none. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record BankPaymentList(List<BankPaymentState> payments) {
}
