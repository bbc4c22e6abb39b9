package eu.xs2a.payment.aspsp;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import eu.xs2a.payment.domain.PayeeVerification;
import io.quarkus.runtime.annotations.RegisterForReflection;

/** The bank's Verification of Payee of a payment (BANK-API.md "Verification of Payee"). */
@JsonIgnoreProperties(ignoreUnknown = true)
@RegisterForReflection
public record BankPayeeCheck(String result, String matchedName) {

    /** Null-safe: the bank sends none for products outside the SEPA schemes. */
    public static PayeeVerification toDomain(BankPayeeCheck check) {
        return check == null ? null : PayeeVerification.fromBank(check.result(), check.matchedName());
    }
}
