package eu.xs2a.payment.aspsp;

import com.fasterxml.jackson.annotation.JsonInclude;
import eu.xs2a.platform.bank.PsuContext;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * The body of a cancellation at the bank (aspsp-sandbox/BANK-API.md): where the bank sends the PSU's browser back,
 * {@code DECOUPLED} for a push to the PSU's app (absent otherwise), and the PSU's context of the TPP's DELETE when the
 * TPP forwarded any (absent for the gateway's own withdrawal of a copy).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@RegisterForReflection
public record BankCancellationRequest(String returnUrl, String scaApproach, PsuContext psuContext) {

    public static BankCancellationRequest of(String returnUrl, boolean decoupled, PsuContext psuContext) {
        return new BankCancellationRequest(returnUrl, decoupled ? "DECOUPLED" : null,
                psuContext == null ? null : psuContext.orNull());
    }
}
