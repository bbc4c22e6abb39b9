package eu.xs2a.tpp.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.tpp.CliException;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PlaceholdersTest {

    private static final Map<String, String> SAVED = Map.of("consentId", "c-1", "accountId", "a$1\\x");

    @Test
    void replacesSavedNamesEverywhereInTheText() {
        assertEquals("/sandbox/api/berlingroup/v1/consents/c-1/status",
                Placeholders.expand("/sandbox/api/berlingroup/v1/consents/{consentId}/status", SAVED, "the path"));
        assertEquals("/accounts/a$1\\x/balances?c=c-1",
                Placeholders.expand("/accounts/{accountId}/balances?c={consentId}", SAVED, "the path"),
                "replacement text is taken literally ($ and backslash)");
    }

    @Test
    void leavesTextWithoutPlaceholdersAndOtherBracesAlone() {
        assertEquals("/plain", Placeholders.expand("/plain", SAVED, "the path"));
        assertEquals("{\"a\":1} {} { x } {1}", Placeholders.expand("{\"a\":1} {} { x } {1}", SAVED, "x"));
        assertEquals(null, Placeholders.expand(null, SAVED, "x"));
    }

    @Test
    void anUnknownNameSaysWhatIsSavedAndHowToSave() {
        CliException e = assertThrows(CliException.class,
                () -> Placeholders.expand("Consent-ID:{paymentId}", SAVED, "the header Consent-ID"));
        assertTrue(e.getMessage().contains("{paymentId} in the header Consent-ID has no saved value"), e.getMessage());
        assertTrue(e.getMessage().contains("accountId, consentId") || e.getMessage().contains("consentId, accountId"),
                e.getMessage());
        assertTrue(e.getMessage().contains("--save paymentId=.field"), e.getMessage());
        CliException none = assertThrows(CliException.class, () -> Placeholders.expand("{a}", Map.of(), "the path"));
        assertTrue(none.getMessage().contains("nothing is saved yet"), none.getMessage());
    }
}
