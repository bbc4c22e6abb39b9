package eu.xs2a.platform.validation;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import java.util.Locale;

/**
 * The one reader of a TPP's free text, in every service: each character must be one the {@link TextCharset} allows.
 * A refusal names the first character that is not, as {@code U+XXXX} (never the character itself, which may be one
 * that changes how the message reads), and its position in the text counted in characters (code points) from 1,
 * e.g. {@code creditorName has character U+202E at position 5, which is not allowed in free text (no control or
 * format characters)}. Fields of a request body use it through the constraints {@link FreeText} and
 * {@link Characters}.
 */
public final class FreeTexts {

    private FreeTexts() {
    }

    /** The text, when every character is allowed; else FormatError naming {@code field}. */
    public static String check(String field, String text, TextCharset charset) {
        String refusal = refusal(text, charset);
        if (refusal != null) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, field + " " + refusal).at(field);
        }
        return text;
    }

    /** Why the text is refused (without the field's name), or null when every character is allowed. */
    public static String refusal(CharSequence text, TextCharset charset) {
        if (text == null) {
            return null;
        }
        int position = 1;
        for (int i = 0; i < text.length(); position++) {
            int codePoint = Character.codePointAt(text, i);
            if (!charset.allows(codePoint)) {
                return "has character " + name(codePoint) + " at position " + position + ", which is not allowed in "
                        + charset.described();
            }
            i += Character.charCount(codePoint);
        }
        return null;
    }

    /** U+ and at least four hex digits, as Unicode names a code point. */
    static String name(int codePoint) {
        return String.format(Locale.ROOT, "U+%04X", codePoint);
    }
}
