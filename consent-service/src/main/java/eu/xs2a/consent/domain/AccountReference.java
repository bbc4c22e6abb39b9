package eu.xs2a.consent.domain;

import com.fasterxml.jackson.annotation.JsonInclude;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.validation.Characters;
import eu.xs2a.platform.validation.Iban;
import eu.xs2a.platform.validation.Ibans;
import eu.xs2a.platform.validation.IsoCurrency;
import io.quarkus.runtime.annotations.RegisterForReflection;
import jakarta.validation.constraints.Pattern;
import java.util.HashSet;
import java.util.Objects;
import java.util.Set;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * A Berlin Group accountReference: exactly one identifier (iban, bban, pan, maskedPan or msisdn) and an
 * optional currency. The same shape is stored, sent to the bank and shown to the TPP.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@Schema(description = "Exactly one of iban, bban, pan, maskedPan, msisdn, and an optional currency (else FormatError)")
@RegisterForReflection
public record AccountReference(
        @Schema(description = "ISO 13616 IBAN in its country's format, spaces and case normalised; its check digits"
                + " must hold",
                examples = "DE89370400440532013000") @Iban String iban,
        @Schema(pattern = AccountReference.BBAN_PATTERN)
        @Pattern(regexp = AccountReference.BBAN_PATTERN, message = "'${validatedValue}' is not a valid BBAN") String bban,
        @Schema(maxLength = AccountReference.MAX_CARD_OR_PHONE)
        @Characters(max = AccountReference.MAX_CARD_OR_PHONE) String pan,
        @Schema(maxLength = AccountReference.MAX_CARD_OR_PHONE)
        @Characters(max = AccountReference.MAX_CARD_OR_PHONE) String maskedPan,
        @Schema(maxLength = AccountReference.MAX_CARD_OR_PHONE)
        @Characters(max = AccountReference.MAX_CARD_OR_PHONE) String msisdn,
        @Schema(description = "ISO 4217 code", pattern = "[A-Z]{3}") @IsoCurrency String currency) {

    static final String BBAN_PATTERN = "[a-zA-Z0-9]{1,30}";
    public static final int MAX_CARD_OR_PHONE = 35;
    /** Country code and check digits: the rest of an IBAN is the account's BBAN (ISO 13616). */
    private static final int IBAN_PREFIX = 4;

    /**
     * Checks that the reference names one account and returns it normalised (IBAN without spaces, upper case). Each
     * identifier's own shape is its constraint, checked when the body was read.
     *
     * @param field where the reference sits in the request, for the error message (e.g. {@code access.balances[0]})
     */
    public AccountReference validated(String field) {
        int identifiers = count(iban) + count(bban) + count(pan) + count(maskedPan) + count(msisdn);
        if (identifiers != 1) {
            throw format(field + " must carry exactly one of iban, bban, pan, maskedPan, msisdn").at(field);
        }
        return normalised();
    }

    /**
     * The looser check for a reference that names an account to look up (the consent lookup): at least one
     * identifier (each well-formed, by its constraint); whether it designates an account is {@link #designates}.
     */
    public AccountReference validatedForLookup(String field) {
        int identifiers = count(iban) + count(bban) + count(pan) + count(maskedPan) + count(msisdn);
        if (identifiers == 0) {
            throw format(field + " must carry one of iban, bban, pan, maskedPan, msisdn").at(field);
        }
        return normalised();
    }

    private AccountReference normalised() {
        return new AccountReference(Ibans.normalise(iban), bban, pan, maskedPan, msisdn, currency);
    }

    /**
     * Whether a reference named by a caller designates this account: every identifier both give agrees, and at
     * least one is given by both (IBANs compared without spaces and case). Any single shared identifier is not
     * enough: {iban X, bban Y} would otherwise pass for account X whatever Y is, and a bank resolving the reference
     * by its BBAN would answer for account Y under a consent for X. The BBAN an IBAN carries (ISO 13616: all after
     * country code and check digits) counts as given, for agreement only: so {iban X, bban Y} does not designate
     * the account of IBAN X unless Y is X's BBAN, but {bban Z} alone never designates an IBAN account (a BBAN names no
     * country). The currency only counts when both sides name one (a multi-currency account is referenced without it).
     */
    public boolean designates(AccountReference other) {
        if (other == null) {
            return false;
        }
        Agreement ibans = Agreement.of(Ibans.normalise(iban), Ibans.normalise(other.iban));
        Agreement pans = Agreement.of(pan, other.pan);
        Agreement maskedPans = Agreement.of(maskedPan, other.maskedPan);
        Agreement msisdns = Agreement.of(msisdn, other.msisdn);
        Agreement bbans = Agreement.of(bban, other.bban);
        boolean conflict = ibans == Agreement.CONFLICT || pans == Agreement.CONFLICT
                || maskedPans == Agreement.CONFLICT || msisdns == Agreement.CONFLICT || bbans == Agreement.CONFLICT
                || !sameBbanEverywhere(other);
        boolean shared = ibans == Agreement.SHARED || pans == Agreement.SHARED || maskedPans == Agreement.SHARED
                || msisdns == Agreement.SHARED || bbans == Agreement.SHARED;
        boolean currencyCompatible = currency == null || other.currency == null
                || Objects.equals(currency, other.currency);
        return shared && !conflict && currencyCompatible;
    }

    /** One identifier kind on both sides: given by both and equal, given by both and different, or not by both. */
    private enum Agreement {
        SHARED, CONFLICT, NOT_BOTH;

        static Agreement of(String mine, String theirs) {
            if (mine == null || theirs == null) {
                return NOT_BOTH;
            }
            return mine.equals(theirs) ? SHARED : CONFLICT;
        }
    }

    /** The BBANs both references give or carry in their IBANs are one and the same (or one side has none). */
    private boolean sameBbanEverywhere(AccountReference other) {
        Set<String> mine = bbans();
        Set<String> theirs = other.bbans();
        if (mine.isEmpty() || theirs.isEmpty()) {
            return true;
        }
        Set<String> all = new HashSet<>(mine);
        all.addAll(theirs);
        return all.size() == 1;
    }

    /** The BBAN given, and the one the IBAN carries. */
    private Set<String> bbans() {
        Set<String> bbans = new HashSet<>();
        if (bban != null) {
            bbans.add(bban);
        }
        String normalisedIban = Ibans.normalise(iban);
        if (normalisedIban != null && normalisedIban.length() > IBAN_PREFIX) {
            bbans.add(normalisedIban.substring(IBAN_PREFIX));
        }
        return bbans;
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


    private static Psd2Exception format(String message) {
        return new Psd2Exception(ErrorClass.FORMAT_ERROR, message);
    }
}
