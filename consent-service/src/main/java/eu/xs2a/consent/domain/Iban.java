package eu.xs2a.consent.domain;

import java.math.BigInteger;
import java.util.Set;
import java.util.regex.Pattern;

/** IBAN syntax (Berlin Group pattern) and ISO 13616 check digits (02 to 98, mod 97 == 1). */
public final class Iban {

    private static final Pattern SYNTAX = Pattern.compile("[A-Z]{2}[0-9]{2}[a-zA-Z0-9]{1,30}");
    private static final BigInteger NINETY_SEVEN = BigInteger.valueOf(97);
    /**
     * ISO 13616 computes check digits as 98 - (n mod 97), so they lie in 02..98: 00, 01 and 99 pass mod 97 (they are
     * congruent to 97, 98 and 02) but no IBAN carries them.
     */
    private static final Set<String> IMPOSSIBLE_CHECK_DIGITS = Set.of("00", "01", "99");

    private Iban() {
    }

    /** Removes spaces and upper-cases, the form in which IBANs are stored and compared. */
    public static String normalise(String iban) {
        return iban == null ? null : iban.replace(" ", "").toUpperCase(java.util.Locale.ROOT);
    }

    public static boolean isValid(String iban) {
        if (iban == null || !SYNTAX.matcher(iban).matches() || IMPOSSIBLE_CHECK_DIGITS.contains(iban.substring(2, 4))) {
            return false;
        }
        String rearranged = iban.substring(4) + iban.substring(0, 4);
        StringBuilder digits = new StringBuilder(rearranged.length() * 2);
        for (char c : rearranged.toUpperCase(java.util.Locale.ROOT).toCharArray()) {
            digits.append(Character.isDigit(c) ? String.valueOf(c) : String.valueOf(c - 'A' + 10));
        }
        return new BigInteger(digits.toString()).mod(NINETY_SEVEN).intValue() == 1;
    }
}
