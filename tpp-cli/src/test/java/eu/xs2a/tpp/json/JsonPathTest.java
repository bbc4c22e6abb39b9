package eu.xs2a.tpp.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

class JsonPathTest {

    private static final JsonNode DOC = read("""
            {"consentId": "c-1", "frequencyPerDay": 4, "valid": true,
             "_links": {"scaRedirect": {"href": "http://localhost:8080/x"}},
             "accounts": [{"resourceId": "a-1"}, {"resourceId": "a-2", "balances": [{"amount": "1.00"}]}],
             "nothing": null, "7": "seven"}""");

    @Test
    void readsFieldsNestedObjectsAndArrayElements() {
        assertEquals("c-1", JsonPath.parse(".consentId").findText(DOC).orElseThrow());
        assertEquals("c-1", JsonPath.parse("consentId").findText(DOC).orElseThrow());
        assertEquals("http://localhost:8080/x", JsonPath.parse("._links.scaRedirect.href").findText(DOC).orElseThrow());
        assertEquals("a-2", JsonPath.parse(".accounts[1].resourceId").findText(DOC).orElseThrow());
        assertEquals("a-1", JsonPath.parse(".accounts.0.resourceId").findText(DOC).orElseThrow());
        assertEquals("1.00", JsonPath.parse(".accounts[1].balances[0].amount").findText(DOC).orElseThrow());
        assertEquals("seven", JsonPath.parse(".7").findText(DOC).orElseThrow(), "a number step reads a field too");
    }

    @Test
    void numbersAndBooleansAsTextObjectsAsCompactJson() {
        assertEquals("4", JsonPath.parse(".frequencyPerDay").findText(DOC).orElseThrow());
        assertEquals("true", JsonPath.parse(".valid").findText(DOC).orElseThrow());
        assertEquals("{\"href\":\"http://localhost:8080/x\"}", JsonPath.parse("._links.scaRedirect").findText(DOC).orElseThrow());
        assertEquals(DOC.toString(), JsonPath.parse(".").findText(DOC).orElseThrow());
    }

    @Test
    void missingNullAndOutOfRangeAreEmpty() {
        assertTrue(JsonPath.parse(".paymentId").find(DOC).isEmpty());
        assertTrue(JsonPath.parse(".nothing").find(DOC).isEmpty());
        assertTrue(JsonPath.parse(".accounts[5].resourceId").find(DOC).isEmpty());
        assertTrue(JsonPath.parse(".consentId.deeper").find(DOC).isEmpty());
        assertTrue(JsonPath.parse(".accounts.x").find(DOC).isEmpty());
    }

    @Test
    void malformedPathsAreRefusedWithTheReason() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> JsonPath.parse(""))
                .getMessage().contains("empty"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> JsonPath.parse(".a..b"))
                .getMessage().contains("two dots"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> JsonPath.parse(".a[0"))
                .getMessage().contains("without ']'"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> JsonPath.parse(".a[x]"))
                .getMessage().contains("not an array index"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> JsonPath.parse(".a[0]b"))
                .getMessage().contains("after ']'"));
    }

    private static JsonNode read(String json) {
        try {
            return new ObjectMapper().readTree(json);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
