package eu.xs2a.platform.error;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ErrorBodyTest {

    @Test
    void theMessageIsTheTextOfTheOneTppMessageAndOfErrorMessage() {
        ErrorBody body = ErrorBody.of(ErrorClass.CONSENT_UNKNOWN, "Consent 'x' is unknown");
        assertEquals("CONSENT_UNKNOWN", body.errorCode());
        assertEquals("ConsentUnknown", body.errorText());
        assertEquals("Consent 'x' is unknown", body.errorMessage());
        assertEquals(1, body.tppMessages().size());
        assertEquals("Consent 'x' is unknown", body.tppMessages().get(0).text());
        assertEquals("ConsentUnknown", ErrorBody.of(ErrorClass.CONSENT_UNKNOWN, " ").errorMessage());
    }

    @Test
    void aMessageOverTheBerlinGroupLimitOf500CharactersIsCutThere() {
        String exactly500 = "a".repeat(500);
        assertEquals(exactly500, ErrorBody.of(ErrorClass.FORMAT_ERROR, exactly500).errorMessage());

        ErrorBody body = ErrorBody.of(ErrorClass.CONSENT_UNKNOWN, "Consent '" + "c".repeat(20_000) + "' is unknown");
        String text = body.tppMessages().get(0).text();
        assertEquals(500, text.length());
        assertTrue(text.startsWith("Consent 'ccc"), text);
        assertTrue(text.endsWith("c…"), text);
        assertEquals(text, body.errorMessage());
    }

    @Test
    void theCutNeverSplitsACharacterOfTwoCodeUnits() {
        String message = "a".repeat(498) + "😀" + "tail";   // the emoji takes the 499th and 500th code units
        String text = ErrorBody.of(ErrorClass.FORMAT_ERROR, message).errorMessage();
        assertEquals("a".repeat(498) + "…", text);
    }
}
