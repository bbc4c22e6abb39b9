package eu.xs2a.consent.domain;

import com.fasterxml.jackson.annotation.JsonInclude;
import eu.xs2a.security.error.ErrorClass;
import eu.xs2a.security.error.Ibans;
import eu.xs2a.security.error.IsoCurrencies;
import eu.xs2a.security.error.Psd2Exception;
import java.util.Objects;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import java.util.regex.Pattern;

/**
 * A Berlin Group accountReference: exactly one identifier (iban, bban, pan, maskedPan or msisdn) and an
 * optional currency. The same shape is stored, sent to the bank and shown to the TPP.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@Schema(description = "Exactly one of iban, bban, pan, maskedPan, msisdn, and an optional currency (else FormatError)")
public record AccountReference(
        @Schema(description = "ISO 13616 IBAN in its country's format, spaces and case normalised; its check digits"
                + " must hold",
                examples = "DE89370400440532013000") String iban,
        @Schema(pattern = AccountReference.BBAN_PATTERN) String bban,
        @Schema(maxLength = AccountReference.MAX_CARD_OR_PHONE) String pan,
        @Schema(maxLength = AccountReference.MAX_CARD_OR_PHONE) String maskedPan,
        @Schema(maxLength = AccountReference.MAX_CARD_OR_PHONE) String msisdn,
        @Schema(description = "ISO 4217 code", pattern = "[A-Z]{3}") String currency) {

    static final String BBAN_PATTERN = "[a-zA-Z0-9]{1,30}";
    private static final Pattern BBAN = Pattern.compile(BBAN_PATTERN);
    public static final int MAX_CARD_OR_PHONE = 35;

    /**
     * Checks the reference and returns it normalised (IBAN without spaces, upper case).
     *
     * @param field where the reference sits in the request, for the error message (e.g. {@code access.balances[0]})
     */
    public AccountReference validated(String field) {
        int identifiers = count(iban) + count(bban) + count(pan) + count(maskedPan) + count(msisdn);
        if (identifiers != 1) {
            throw format(field + " must carry exactly one of iban, bban, pan, maskedPan, msisdn");
        }
        return checked(field);
    }

    /**
     * The looser check for a reference that names an account to look up (the consent lookup): at least one
     * identifier, each well-formed; it designates an account when any of them matches.
     */
    public AccountReference validatedForLookup(String field) {
        int identifiers = count(iban) + count(bban) + count(pan) + count(maskedPan) + count(msisdn);
        if (identifiers == 0) {
            throw format(field + " must carry one of iban, bban, pan, maskedPan, msisdn");
        }
        return checked(field);
    }

    private AccountReference checked(String field) {
        String normalisedIban = iban == null ? null : Ibans.parse(field + ".iban", iban);
        if (bban != null && !BBAN.matcher(bban).matches()) {
            throw format(field + ".bban '" + bban + "' is not a valid BBAN");
        }
        checkLength(field + ".pan", pan);
        checkLength(field + ".maskedPan", maskedPan);
        checkLength(field + ".msisdn", msisdn);
        if (currency != null) {
            IsoCurrencies.parse(field + ".currency", currency);
        }
        return new AccountReference(normalisedIban, bban, pan, maskedPan, msisdn, currency);
    }

    /**
     * Whether a reference named by a caller designates this account: same identifier; the currency only
     * counts when both sides name one (a multi-currency account is referenced without it).
     */
    public boolean designates(AccountReference other) {
        if (other == null) {
            return false;
        }
        boolean sameIdentifier = (iban != null && iban.equals(Ibans.normalise(other.iban)))
                || (bban != null && bban.equals(other.bban))
                || (pan != null && pan.equals(other.pan))
                || (maskedPan != null && maskedPan.equals(other.maskedPan))
                || (msisdn != null && msisdn.equals(other.msisdn));
        boolean currencyCompatible = currency == null || other.currency == null
                || Objects.equals(currency, other.currency);
        return sameIdentifier && currencyCompatible;
    }

    /** A stable key for access counting: the identifier, without the currency. */
    public String key() {
        if (iban != null) {
            return "iban:" + iban;
        }
        if (bban != null) {
            return "bban:" + bban;
        }
        if (pan != null) {
            return "pan:" + pan;
        }
        if (maskedPan != null) {
            return "maskedPan:" + maskedPan;
        }
        return "msisdn:" + msisdn;
    }

    private static int count(String value) {
        return value == null ? 0 : 1;
    }

    private static void checkLength(String field, String value) {
        if (value != null && (value.isBlank() || value.codePointCount(0, value.length()) > MAX_CARD_OR_PHONE)) {
            throw format(field + " must be 1 to " + MAX_CARD_OR_PHONE + " characters");
        }
    }

    private static Psd2Exception format(String message) {
        return new Psd2Exception(ErrorClass.FORMAT_ERROR, message);
    }
}
