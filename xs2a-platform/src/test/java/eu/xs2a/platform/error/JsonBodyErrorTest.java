package eu.xs2a.platform.error;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

class JsonBodyErrorTest {

    record Amount(String currency, String amount) {
    }

    record Order(Amount instructedAmount, List<Amount> parts, int count) {
    }

    private static final JsonMapper STRICT = JsonMapper.builder().disable(MapperFeature.ALLOW_COERCION_OF_SCALARS).build();

    private static Psd2Exception refusal(String json) {
        JsonProcessingException e = assertThrows(JsonProcessingException.class, () -> STRICT.readValue(json, Order.class));
        Psd2Exception refusal = JsonBodyError.of(e);
        assertEquals(ErrorClass.FORMAT_ERROR, refusal.errorClass());
        return refusal;
    }

    @Test
    void aFieldOfTheWrongTypeIsNamedByItsPath() {
        assertEquals("Field 'instructedAmount.amount' has a wrong type or value",
                refusal("{\"instructedAmount\": {\"currency\": \"EUR\", \"amount\": [\"1.00\"]}}").getMessage());
        assertEquals("Field 'parts[1].currency' has a wrong type or value",
                refusal("{\"parts\": [{\"currency\": \"EUR\"}, {\"currency\": {}}]}").getMessage());
        assertEquals("Field 'count' has a wrong type or value", refusal("{\"count\": \"3\"}").getMessage());
        assertEquals("parts[1].currency", refusal("{\"parts\": [{\"currency\": \"EUR\"}, {\"currency\": {}}]}").path());
    }

    @Test
    void aKeyGivenTwiceIsNamedWithItsPath() {
        JsonMapper strict = JsonMapper.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();
        JsonProcessingException nested = assertThrows(JsonProcessingException.class, () -> strict.readValue(
                "{\"instructedAmount\": {\"currency\": \"EUR\", \"currency\": \"USD\"}}", Order.class));
        assertEquals("Field 'instructedAmount.currency' is given twice", JsonBodyError.of(nested).getMessage());
        assertEquals("instructedAmount.currency", JsonBodyError.of(nested).path());
        JsonProcessingException tree = assertThrows(JsonProcessingException.class,
                () -> strict.readTree("{\"data\": {\"list\": [{\"a\": 1, \"a\": 2}]}}"));
        assertEquals("Field 'data.list[0].a' is given twice", JsonBodyError.of(tree).getMessage());
    }

    @Test
    void aBodyOfTheWrongShapeOrNoJsonAtAllSaysSo() {
        assertEquals("The request body does not have the expected structure", refusal("[1, 2]").getMessage());
        assertEquals(null, refusal("[1, 2]").path(), "no field to point at");
        assertEquals("The request body is not valid JSON (line 1, column 11)", refusal("{\"count\": ").getMessage());
        assertEquals("The request body is not valid JSON (line 2, column 8)", refusal("{\n\"a\": 1 2}").getMessage());
        assertEquals("The request body is not valid JSON (line 1, column 1)", refusal("not json").getMessage());
    }
}
