package eu.xs2a.platform.validation;

import eu.xs2a.platform.error.ErrorTexts;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * The one rule for an HTTP header field, received or sent (RFC 9110 5.1 and 5.5): a name is a token (letters, digits
 * and {@code !#$%&'*+-.^_`|~}), a value holds no control character but horizontal tab (no NUL, CR, LF, ESC, DEL, …).
 * Octets above 0x7F are allowed (obs-text): a value may be UTF-8 or Latin-1 text.
 *
 * <p>It is the rule Vert.x applied while decoding a request, before the services turned that off to answer such a
 * request in the standard body (docs/ARCHITECTURE.md "Request pipeline"). A refusal reads like {@link FreeTexts}':
 * the character as {@code U+XXXX} and its position counted in characters from 1, in the text the value carries (its
 * octets as UTF-8 when they are UTF-8, else one character per octet, as xs2a-security's {@code HeaderText} reads it),
 * e.g. {@code Header X-Request-ID has character U+001B at position 4, which is not allowed in a header value (no
 * control characters but horizontal tab)}. Never the character itself, nor a value: a name is quoted only through
 * {@link ErrorTexts}.
 */
public final class HeaderFields {

    private static final String TOKEN_SPECIALS = "!#$%&'*+-.^_`|~";

    private HeaderFields() {
    }

    /**
     * Why this header is refused, as a sentence naming it, or null when it is well-formed. {@code value} is as the
     * HTTP server hands it over: one char per octet received (or text, for a header about to be sent).
     */
    public static String refusal(CharSequence name, CharSequence value) {
        String nameRefusal = nameRefusal(name);
        if (nameRefusal != null) {
            return nameRefusal;
        }
        String valueRefusal = valueRefusal(value);
        return valueRefusal == null ? null : "Header " + name + " " + valueRefusal;
    }

    /** Why the name is not a token, as a sentence quoting it, or null. */
    static String nameRefusal(CharSequence name) {
        if (name == null || name.length() == 0) {
            return "A header has an empty name";
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (!isTokenChar(c)) {
                return "Header name \"" + ErrorTexts.shown(name.toString()) + "\" has character "
                        + FreeTexts.name(c) + " at position " + (i + 1) + ", which is not allowed in a header name"
                        + " (letters, digits and " + TOKEN_SPECIALS + " only)";
            }
        }
        return null;
    }

    /** Why the value is refused ("has character U+… at position n, …", without the header's name), or null. */
    public static String valueRefusal(CharSequence value) {
        if (value == null || allowedOctets(value)) {
            return null;
        }
        String text = text(value);
        int position = 1;
        for (int i = 0; i < text.length(); position++) {
            int codePoint = text.codePointAt(i);
            if (isControl(codePoint)) {
                return "has character " + FreeTexts.name(codePoint) + " at position " + position
                        + ", which is not allowed in a header value (no control characters but horizontal tab)";
            }
            i += Character.charCount(codePoint);
        }
        return null; // unreachable: allowedOctets found a control character
    }

    /** The fast path: no char is a control character (what nearly every header is). */
    private static boolean allowedOctets(CharSequence value) {
        for (int i = 0; i < value.length(); i++) {
            if (isControl(value.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    private static boolean isControl(int c) {
        return (c < 0x20 && c != '\t') || c == 0x7F;
    }

    private static boolean isTokenChar(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                || TOKEN_SPECIALS.indexOf(c) >= 0;
    }

    /** The text a received value carries: its octets as UTF-8 when they are UTF-8, else one character per octet. */
    private static String text(CharSequence value) {
        String received = value.toString();
        byte[] octets = new byte[received.length()];
        for (int i = 0; i < received.length(); i++) {
            char c = received.charAt(i);
            if (c > 0xFF) {
                return received; // already text (a header about to be sent), not octets
            }
            octets[i] = (byte) c;
        }
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(octets))
                    .toString();
        } catch (CharacterCodingException notUtf8) {
            return received;
        }
    }
}
