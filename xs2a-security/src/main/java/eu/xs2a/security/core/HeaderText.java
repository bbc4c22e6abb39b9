package eu.xs2a.security.core;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Header values are octets on the wire, and the HTTP server (Netty) hands each octet over as one char
 * (ISO-8859-1). Two rules follow, one for the signature and one for the text a header carries:
 * <ul>
 *   <li>a signature covers the octets as sent: {@link #octets} gives them back exactly;</li>
 *   <li>a text header such as PSU-ID means what its octets say in UTF-8 when they are UTF-8 (what curl, a shell and
 *       most TPP stacks send), and one character per octet otherwise (what Java's and Python's clients send for
 *       Latin-1 text): {@link #text}. Either way "Müller" is "Müller".</li>
 * </ul>
 * The client side, {@code RequestSigner}, sends non-ASCII text as UTF-8 ({@link #wireForm}).
 */
public final class HeaderText {

    private HeaderText() {
    }

    /** The octets of a header value as received (one per char; a char above U+00FF cannot come off the wire). */
    public static byte[] octets(String received) {
        return received.getBytes(StandardCharsets.ISO_8859_1);
    }

    /** The text a received header value carries: its octets as UTF-8 when they are valid UTF-8, else as Latin-1. */
    public static String text(String received) {
        if (received == null || isAscii(received)) {
            return received;
        }
        for (int i = 0; i < received.length(); i++) {
            if (received.charAt(i) > 0xFF) {
                return received; // already text (an in-process caller), not octets
            }
        }
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(octets(received)))
                    .toString();
        } catch (CharacterCodingException notUtf8) {
            return received;
        }
    }

    /** The length of {@link #text} in characters as a person counts them (code points). */
    public static int length(String received) {
        String text = text(received);
        return text.codePointCount(0, text.length());
    }

    /**
     * How a client sends {@code text}: ASCII as it is, anything else as its UTF-8 octets, one char per octet, so that
     * an HTTP client writing one octet per char puts UTF-8 on the wire and the signature covers exactly those octets.
     */
    public static String wireForm(String text) {
        return isAscii(text) ? text : new String(text.getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1);
    }

    private static boolean isAscii(String value) {
        for (int i = 0; i < value.length(); i++) {
            if (value.charAt(i) >= 0x80) {
                return false;
            }
        }
        return true;
    }
}
