package eu.xs2a.payment.aspsp;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.List;

/** {@code GET /bank/v1/payments?idempotencyKey=…}: the payment submitted with that key, or none. */
@JsonIgnoreProperties(ignoreUnknown = true)
@RegisterForReflection
public record BankPaymentList(List<BankPaymentState> payments) {
}
