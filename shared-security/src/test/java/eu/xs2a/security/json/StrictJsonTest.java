package eu.xs2a.security.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import eu.xs2a.security.error.JsonBodyError;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StrictJsonTest {

    record Creditor(String name, Map<String, String> account) {
    }

    private final ObjectMapper mapper = StrictJson.applyTo(new ObjectMapper());

    private String refusal(String json) {
        JsonProcessingException e = assertThrows(JsonProcessingException.class, () -> mapper.readValue(json, Creditor.class));
        return JsonBodyError.of(e).getMessage();
    }

    @Test
    void aKeyGivenTwiceIsRefused() {
        assertEquals("The request body is not valid JSON", refusal("{\"name\": \"a\", \"name\": \"b\"}"));
        assertEquals("Field 'account' has a wrong type or value", refusal("{\"account\": {\"iban\": \"DE1\", \"iban\": \"DE2\"}}"));
        assertThrows(JsonProcessingException.class, () -> mapper.readTree("{\"a\": 1, \"a\": 2}"));
    }

    @Test
    void aNulCharacterInAStringIsRefusedByField() {
        assertEquals("Field 'name' has a wrong type or value", refusal("{\"name\": \"Merch\\u0000ant\"}"));
        assertEquals("Field 'account.iban' has a wrong type or value", refusal("{\"account\": {\"iban\": \"DE\\u0000\"}}"));
    }

    @Test
    void everythingElseReadsAsBefore() throws JsonProcessingException {
        Creditor creditor = mapper.readValue("{\"name\": \"Caf\\u00e9 \\t Ltd\", \"account\": {\"iban\": \"DE89\"}}", Creditor.class);
        assertEquals("Café \t Ltd", creditor.name());
        assertEquals("DE89", creditor.account().get("iban"));
    }
}
