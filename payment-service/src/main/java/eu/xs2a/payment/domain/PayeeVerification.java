package eu.xs2a.payment.domain;

import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.Set;

/**
 * The bank's Verification of Payee of a SEPA credit transfer (EU Instant Payments Regulation): {@code result} an EPC
 * code, {@code MTCH}, {@code CMTC} (then {@code matchedName}, the account holder's name), {@code NMTC} or
 * {@code NOAP}. The gateway keeps what the bank said and shows it to the TPP; it never decides it.
 */
@RegisterForReflection
public record PayeeVerification(String result, String matchedName) {

    private static final Set<String> RESULTS = Set.of("MTCH", "CMTC", "NMTC", "NOAP");
    private static final String CLOSE_MATCH = "CMTC";
    /** The Berlin Group's Max140Text, as creditorName. */
    private static final int NAME_LENGTH = 140;

    /** The bank's verification, or null when it sent none or one the gateway cannot pass on faithfully. */
    public static PayeeVerification fromBank(String result, String matchedName) {
        if (result == null || !RESULTS.contains(result)) {
            return null;
        }
        boolean named = CLOSE_MATCH.equals(result) && matchedName != null && !matchedName.isBlank()
                && matchedName.length() <= NAME_LENGTH;
        return new PayeeVerification(result, named ? matchedName : null);
    }
}
