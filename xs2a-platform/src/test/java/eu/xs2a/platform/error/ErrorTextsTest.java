package eu.xs2a.platform.error;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** How an error text quotes what the caller sent. */
class ErrorTextsTest {

    @Test
    void aShortValueIsShownAsItIs() {
        assertEquals("consent-1", ErrorTexts.shown("consent-1"));
        assertEquals("null", ErrorTexts.shown(null));
    }

    @Test
    void aLongValueIsCutAndMarked() {
        assertEquals("x".repeat(ErrorTexts.SHOWN_LENGTH) + "…", ErrorTexts.shown("x".repeat(5000)));
        assertEquals("abc…", ErrorTexts.shown("abcdef", 3));
    }

    /** A newline or an escape in a path parameter must not split or colour the log line the error mapper writes. */
    @Test
    void controlCharactersAreReplaced() {
        assertEquals("a?b?c", ErrorTexts.shown("a\nb\u001bc"));
    }
}
