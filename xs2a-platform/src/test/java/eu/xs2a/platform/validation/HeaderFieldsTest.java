package eu.xs2a.platform.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The one rule for header names and values; values as the HTTP server hands them over, one char per octet. */
class HeaderFieldsTest {

    private static String octets(String text) {
        return new String(text.getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1);
    }

    @Test
    void wellFormedHeadersPass() {
        assertNull(HeaderFields.refusal("X-Request-ID", "8a4d2c35-1f0e-4b53-9d6c-2f1b7e6a9c11"));
        assertNull(HeaderFields.refusal("Signature", "keyId=\"SN=1,CA=CN=x\",headers=\"digest\",signature=\"a+b/=\""));
        assertNull(HeaderFields.refusal("PSU-ID", octets("Müller-Łukasz")), "UTF-8 text");
        assertNull(HeaderFields.refusal("PSU-ID", "J\u00fcrgen Gro\u00df"), "Latin-1 text");
        assertNull(HeaderFields.refusal("X-Any", "\u00e9\u00ff\u0080\u009f"), "octets above 0x7F are obs-text");
        assertNull(HeaderFields.refusal("X-Tab", "a\tb"), "horizontal tab");
        assertNull(HeaderFields.refusal("X-Empty", ""));
        assertNull(HeaderFields.refusal("x_under.score~!#$%&'*+^`|", "v"), "every token character");
    }

    @Test
    void aControlCharacterInAValueIsNamedWithItsPositionCountedFromOne() {
        assertEquals("Header X-Request-ID has character U+001B at position 4, which is not allowed in a header value"
                + " (no control characters but horizontal tab)", HeaderFields.refusal("X-Request-ID", "abc\u001b"));
        assertTrue(HeaderFields.refusal("Signature", "\u00e9\u00ff\u0001").contains("U+0001 at position 3,"));
        assertTrue(HeaderFields.refusal("X", "\u0000").contains("U+0000 at position 1,"));
        assertTrue(HeaderFields.refusal("X", "a\rb").contains("U+000D at position 2,"));
        assertTrue(HeaderFields.refusal("X", "a\nb").contains("U+000A at position 2,"));
        assertTrue(HeaderFields.refusal("X", "ab\u007f").contains("U+007F at position 3,"));
    }

    /** Positions are characters of the text the octets carry: UTF-8 when they are UTF-8, else Latin-1. */
    @Test
    void positionsCountCharactersOfTheTextNotOctets() {
        assertTrue(HeaderFields.refusal("PSU-ID", octets("Müller\u0007")).contains("U+0007 at position 7,"));
        assertTrue(HeaderFields.refusal("PSU-ID", octets("Łódź\u0007")).contains("U+0007 at position 5,"));
        assertTrue(HeaderFields.refusal("PSU-ID", "M\u00fcller\u0007").contains("U+0007 at position 7,"), "Latin-1");
        assertTrue(HeaderFields.refusal("PSU-ID", "Müller\u0007").contains("U+0007 at position 7,"), "text to send");
    }

    @Test
    void aNameThatIsNotATokenIsQuotedWithControlCharactersMadeSafe() {
        assertEquals("Header name \"X-Fo?o\" has character U+0001 at position 5, which is not allowed in a header"
                + " name (letters, digits and !#$%&'*+-.^_`|~ only)", HeaderFields.refusal("X-Fo\u0001o", "bar"));
        assertTrue(HeaderFields.refusal("X Y", "v").contains("U+0020 at position 2,"));
        assertTrue(HeaderFields.refusal("X:Y", "v").contains("U+003A at position 2,"));
        assertTrue(HeaderFields.refusal("X-F\u00e9", "v").contains("U+00E9 at position 4,"));
        assertEquals("A header has an empty name", HeaderFields.refusal("", "v"));
    }

    @Test
    void theNameIsCheckedBeforeTheValue() {
        assertTrue(HeaderFields.refusal("X\u0001", "\u0002").startsWith("Header name"));
    }
}
