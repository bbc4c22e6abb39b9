package eu.xs2a.platform.validation;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.ErrorTexts;
import eu.xs2a.platform.error.Psd2Exception;
import java.util.Currency;
import java.util.regex.Pattern;

/**
 * The one reader of a TPP's currency code (an amount's, an account reference's), in every service: three capital
 * ASCII letters that ISO 4217 knows, as the JDK's currency table has them. The shape alone let "XYZ" through at
 * consent creation while the funds check refused it.
 */
public final class IsoCurrencies {

    private static final Pattern SHAPE = Pattern.compile("[A-Z]{3}");
    private static final int MAX_SHOWN = 40;

    private IsoCurrencies() {
    }

    /** The currency, or FormatError naming the field; null is not a currency (callers decide what absent means). */
    public static Currency parse(String field, String code) {
        if (code == null || !SHAPE.matcher(code).matches()) {
            throw notACurrency(field, code);
        }
        try {
            return Currency.getInstance(code);
        } catch (IllegalArgumentException e) {
            throw notACurrency(field, code);
        }
    }

    private static Psd2Exception notACurrency(String field, String code) {
        String shown = code == null ? "null"
                : "'" + ErrorTexts.shown(code, MAX_SHOWN) + "'";
        return new Psd2Exception(ErrorClass.FORMAT_ERROR, field + " " + shown + " is not an ISO 4217 currency code")
                .at(field);
    }
}
