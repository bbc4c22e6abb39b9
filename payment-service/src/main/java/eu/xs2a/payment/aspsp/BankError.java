package eu.xs2a.payment.aspsp;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/** The bank's error body. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record BankError(String code, String message) {
}
