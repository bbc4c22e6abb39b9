package eu.xs2a.platform.validation;

/**
 * The characters a TPP's free text (names, addresses, remittance information) may hold. {@link #UNICODE}, the
 * default, refuses only what is never text: Unicode's control (Cc) and format (Cf) characters, such as ESC, BEL or
 * U+202E (right-to-left override, which makes a creditor's name read differently on the PSU's screen than it is), and
 * unpaired surrogates. A provider whose bank takes less narrows it in the provider registry
 * ({@code psd2.providers.<code>.text-charset}), e.g. to {@link #SEPA}, so that the TPP learns at once what the bank
 * would refuse later.
 */
public enum TextCharset {

    /** Every character except Unicode's control (Cc) and format (Cf) characters. */
    UNICODE,

    /** The EPC's SEPA basic character set: a-z A-Z 0-9 / - ? : ( ) . , ' + and space. */
    SEPA;

    private static final String SEPA_PUNCTUATION = "/-?:().,'+ ";

    /** Whether a text of this set may hold the character (a code point). */
    public boolean allows(int codePoint) {
        return switch (this) {
            case UNICODE -> isText(codePoint);
            case SEPA -> codePoint < 0x80 && (Character.isLetterOrDigit(codePoint)
                    || SEPA_PUNCTUATION.indexOf(codePoint) >= 0);
        };
    }

    /** Not a control or format character, and not half of a surrogate pair (which no JSON text should carry alone). */
    private static boolean isText(int codePoint) {
        int type = Character.getType(codePoint);
        return type != Character.CONTROL && type != Character.FORMAT && type != Character.SURROGATE;
    }

    /** How a refusal names the set ({@link FreeTexts}). */
    String described() {
        return this == SEPA ? "the SEPA character set (a-z A-Z 0-9 / - ? : ( ) . , ' + space)"
                : "free text (no control or format characters)";
    }
}
