package eu.xs2a.platform.validation;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.ErrorTexts;
import eu.xs2a.platform.error.Psd2Exception;
import java.util.Locale;
import java.util.Set;
import org.iban4j.CountryCode;
import org.iban4j.IbanFormatException;
import org.iban4j.IbanUtil;
import org.iban4j.InvalidCheckDigitException;
import org.iban4j.UnsupportedCountryException;

/**
 * The one reader of an IBAN a TPP sends (an account reference, a debtor or creditor account, a funds check), in every
 * service. The country's format comes from the IBAN registry as iban4j carries it, so that a German IBAN one digit
 * short is refused here, with a FormatError that says why, instead of at the bank. Three services used to check the
 * shape and check digits each its own way, and disagreed on case, spaces and length.
 */
public final class Ibans {

    /**
     * ISO 13616 computes check digits as 98 - (n mod 97), so they lie in 02..98: 00, 01 and 99 pass mod 97 (they are
     * congruent to 97, 98 and 02) but no IBAN carries them. iban4j lets them through.
     */
    private static final Set<String> IMPOSSIBLE_CHECK_DIGITS = Set.of("00", "01", "99");
    private static final int MAX_SHOWN = 40;
    private static final int CHECK_DIGITS_END = 4;

    private Ibans() {
    }

    /**
     * The IBAN in its electronic form (no spaces, capitals), or FormatError naming the field and the reason; null is
     * not an IBAN (callers decide what absent means).
     */
    public static String parse(String field, String value) {
        String reason = value == null ? "it is missing" : problem(normalise(value));
        if (reason != null) {
            String shown = value == null ? "null" : "'" + ErrorTexts.shown(value, MAX_SHOWN) + "'";
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, field + " " + shown + " is not a valid IBAN: " + reason)
                    .at(field);
        }
        return normalise(value);
    }

    /** Whether the value, once normalised, is an IBAN. */
    public static boolean isValid(String value) {
        return value != null && problem(normalise(value)) == null;
    }

    /**
     * The electronic form: without the spaces of the paper form, in capitals (ISO 13616 letters are case-insensitive;
     * stored and compared in capitals).
     */
    public static String normalise(String value) {
        return value == null ? null : value.replace(" ", "").toUpperCase(Locale.ROOT);
    }

    /** Why a normalised value is no IBAN, or null when it is one. */
    private static String problem(String iban) {
        try {
            IbanUtil.validate(iban);
        } catch (UnsupportedCountryException e) {
            return "its country has no IBAN format";
        } catch (InvalidCheckDigitException e) {
            return "its check digits do not match";
        } catch (IbanFormatException e) {
            return formatProblem(iban, e);
        }
        if (IMPOSSIBLE_CHECK_DIGITS.contains(iban.substring(2, CHECK_DIGITS_END))) {
            return "its check digits do not match";
        }
        return null;
    }

    /** Only called once iban4j has read a known country from the first two characters. */
    private static String country(String iban) {
        return iban.substring(0, 2);
    }

    private static String formatProblem(String iban, IbanFormatException e) {
        return switch (e.getFormatViolation()) {
            case COUNTRY_CODE_EXISTS, COUNTRY_CODE_TWO_LETTERS, COUNTRY_CODE_UPPER_CASE_LETTERS ->
                    "it does not start with a country that has IBANs";
            case CHECK_DIGIT_TWO_DIGITS -> "it is too short";
            case CHECK_DIGIT_ONLY_DIGITS -> "its check digits (characters 3 and 4) are not digits";
            case BBAN_LENGTH -> "an IBAN of " + country(iban) + " has "
                    + IbanUtil.getIbanLength(CountryCode.getByCode(country(iban))) + " characters, this one "
                    + iban.length();
            case IBAN_NOT_EMPTY, IBAN_NOT_NULL -> "it is empty";
            default -> "it does not follow the IBAN format of " + country(iban);
        };
    }
}
