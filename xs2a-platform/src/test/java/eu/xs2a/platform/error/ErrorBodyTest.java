package eu.xs2a.platform.error;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
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

    /** Berlin Group's tppMessage path names the field at fault; Max128Text, so a longer one is left out. */
    @Test
    void theFieldAtFaultIsTheTppMessagesPath() throws Exception {
        Psd2Exception amount = new Psd2Exception(ErrorClass.FORMAT_ERROR, "instructedAmount.amount must be positive");
        assertEquals(null, ErrorBody.of(amount).tppMessages().get(0).path());
        ErrorBody body = ErrorBody.of(amount.at("instructedAmount.amount"));
        assertEquals("instructedAmount.amount", body.tppMessages().get(0).path());
        assertEquals("{\"category\":\"ERROR\",\"code\":\"FORMAT_ERROR\",\"path\":\"instructedAmount.amount\","
                + "\"text\":\"instructedAmount.amount must be positive\"}",
                new ObjectMapper().writeValueAsString(body.tppMessages().get(0)));
        assertEquals("{\"category\":\"ERROR\",\"code\":\"FORMAT_ERROR\",\"text\":\"instructedAmount.amount must be"
                + " positive\"}", new ObjectMapper().writeValueAsString(ErrorBody.of(amount).tppMessages().get(0)));
        assertEquals(null, ErrorBody.of(amount.at("a".repeat(129))).tppMessages().get(0).path());
        assertEquals("a".repeat(128), ErrorBody.of(amount.at("a".repeat(128))).tppMessages().get(0).path());
        assertEquals("instructedAmount.amount", amount.at("instructedAmount.amount").causedByBank().path(),
                "kept by the other copies");
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
