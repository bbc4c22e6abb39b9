package eu.xs2a.platform.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import eu.xs2a.platform.error.JsonBodyError;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StrictJsonTest {

    record Creditor(String name, Map<String, String> account) {
    }

    record Consent(boolean recurringIndicator, int frequencyPerDay, Double share, String note) {
    }

    enum Rule { following, preceding }

    /** The boxed types of the interface's bodies, where Jackson would read "" as null (absent). */
    record Payment(Boolean batchBookingPreferred, Integer frequencyPerDay, java.math.BigDecimal amount,
                   java.time.LocalDate startDate, Rule executionRule) {
    }

    private final ObjectMapper mapper = StrictJson.applyTo(new ObjectMapper());

    private String refusal(String json) {
        JsonProcessingException e = assertThrows(JsonProcessingException.class, () -> mapper.readValue(json, Creditor.class));
        return JsonBodyError.of(e).getMessage();
    }

    @Test
    void aKeyGivenTwiceIsRefused() {
        assertEquals("Field 'name' is given twice", refusal("{\"name\": \"a\", \"name\": \"b\"}"));
        assertEquals("Field 'account.iban' is given twice", refusal("{\"account\": {\"iban\": \"DE1\", \"iban\": \"DE2\"}}"));
        assertThrows(JsonProcessingException.class, () -> mapper.readTree("{\"a\": 1, \"a\": 2}"));
    }

    @Test
    void aNulCharacterInAStringIsRefusedByField() {
        assertEquals("Field 'name' has a wrong type or value", refusal("{\"name\": \"Merch\\u0000ant\"}"));
        assertEquals("Field 'account.iban' has a wrong type or value", refusal("{\"account\": {\"iban\": \"DE\\u0000\"}}"));
    }

    @Test
    void halfOfASurrogatePairIsRefusedByFieldAndAWholePairKept() throws Exception {
        // escaped in JSON, these parse into Java strings that UTF-8 cannot encode; PostgreSQL's driver stored '?'
        for (String escaped : List.of("\\ud83d", "\\ude00", "A\\ude00\\ud83dB", "\\ud83d\\ud83d")) {
            assertEquals("Field 'name' has a wrong type or value", refusal("{\"name\": \"" + escaped + "\"}"), escaped);
        }
        Creditor kept = mapper.readValue("{\"name\": \"Caf\\u00e9 \\ud83d\\ude00\"}", Creditor.class);
        assertEquals("Caf\u00e9 \ud83d\ude00", kept.name());
    }

    @Test
    void aValueOfTheWrongJsonTypeIsRefusedNeverConverted() {
        for (String body : List.of("{\"note\": 4}", "{\"note\": 4.5}", "{\"note\": true}", "{\"note\": 1e999}",
                "{\"frequencyPerDay\": \"4\"}", "{\"frequencyPerDay\": 4.5}",
                "{\"recurringIndicator\": \"true\"}", "{\"recurringIndicator\": 1}", "{\"share\": \"0.5\"}")) {
            assertThrows(JsonProcessingException.class, () -> mapper.readValue(body, Consent.class), body);
        }
    }

    @Test
    void anEmptyStringIsNoNumberBooleanDateOrEnumValue() throws JsonProcessingException {
        ObjectMapper withDates = StrictJson.applyTo(new ObjectMapper().findAndRegisterModules());
        for (String field : List.of("batchBookingPreferred", "frequencyPerDay", "amount", "startDate", "executionRule")) {
            String body = "{\"" + field + "\": \"\"}";
            assertThrows(JsonProcessingException.class, () -> withDates.readValue(body, Payment.class), body);
        }
        assertThrows(JsonProcessingException.class, () -> mapper.readValue("{\"share\": \"\"}", Consent.class));
        Payment absent = withDates.readValue("{\"startDate\": \"2030-01-01\", \"executionRule\": \"following\"}",
                Payment.class);
        assertEquals(null, absent.frequencyPerDay());
        assertEquals(Rule.following, absent.executionRule());
    }

    @Test
    void trailingContentIsRefusedAndUnknownFieldsAreIgnored() throws JsonProcessingException {
        assertThrows(JsonProcessingException.class, () -> mapper.readValue("{\"note\": \"a\"} {}", Consent.class));
        Consent consent = mapper.readValue("{\"note\": \"a\", \"frequencyPerDay\": 4, \"share\": 1, \"extra\": [1]}",
                Consent.class);
        assertEquals(4, consent.frequencyPerDay());
        assertEquals(1.0, consent.share(), "an integer is a fine value for a fraction");
    }

    @Test
    void everythingElseReadsAsBefore() throws JsonProcessingException {
        Creditor creditor = mapper.readValue("{\"name\": \"Caf\\u00e9 \\t Ltd\", \"account\": {\"iban\": \"DE89\"}}", Creditor.class);
        assertEquals("Café \t Ltd", creditor.name());
        assertEquals("DE89", creditor.account().get("iban"));
    }
}
