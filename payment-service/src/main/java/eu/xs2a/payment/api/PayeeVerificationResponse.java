package eu.xs2a.payment.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import eu.xs2a.payment.domain.PayeeVerification;
import io.quarkus.runtime.annotations.RegisterForReflection;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** Extension of the standard (docs/ARCHITECTURE.md "Extensions to the standard"): the bank's Verification of Payee. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@Schema(name = "payeeVerification", description = "Extension of Berlin Group 1.3.6 (EU Instant Payments Regulation,"
        + " Verification of Payee): the bank's check of creditorName against the holder of the creditor IBAN, which"
        + " the PSU also sees before approving. Present for SEPA credit transfers once the bank has the payment.")
@RegisterForReflection
public record PayeeVerificationResponse(
        @Schema(description = "EPC VOP result: MTCH match, CMTC close match, NMTC no match, NOAP not possible",
                enumeration = {"MTCH", "CMTC", "NMTC", "NOAP"}, required = true) String result,
        @Schema(description = "The account holder's name, for a close match (CMTC) only", maxLength = 140)
        String matchedName) {

    static PayeeVerificationResponse of(PayeeVerification verification) {
        return verification == null ? null
                : new PayeeVerificationResponse(verification.result(), verification.matchedName());
    }
}
