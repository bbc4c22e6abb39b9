package eu.xs2a.sandbox.domain;

import java.math.BigInteger;
import java.util.Locale;

/** IBAN arithmetic (ISO 13616): check digits by MOD 97-10, and the normal form used for comparisons. */
public final class Iban {

    private static final BigInteger NINETY_SEVEN = BigInteger.valueOf(97);

    private Iban() {
    }

    /** Builds an IBAN from a country code and a BBAN, computing the two check digits. */
    public static String of(String country, String bban) {
        int remainder = mod97(bban + country + "00");
        return country + String.format("%02d", 98 - remainder) + bban;
    }

    /** Upper case without spaces, the form stored and compared. */
    public static String normalise(String iban) {
        return iban == null ? null : iban.replace(" ", "").toUpperCase(Locale.ROOT);
    }

    public static boolean isValid(String iban) {
        String s = normalise(iban);
        if (s == null || !s.matches("[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}")) {
            return false;
        }
        return mod97(s.substring(4) + s.substring(0, 4)) == 1;
    }

    private static int mod97(String alphanumeric) {
        StringBuilder digits = new StringBuilder();
        for (char c : alphanumeric.toCharArray()) {
            digits.append(Character.isDigit(c) ? String.valueOf(c) : String.valueOf(c - 'A' + 10));
        }
        return new BigInteger(digits.toString()).mod(NINETY_SEVEN).intValue();
    }
}
