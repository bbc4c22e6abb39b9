package eu.xs2a.e2e.journeys;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BigIntegerNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Wrong versions of a valid JSON body, as a careless or hostile client sends them: every field (at any depth) given
 * each value of another type or out of every range, every field left out, an unknown field added, and whole bodies
 * that are no JSON object at all. Keyed by a label that says what was changed.
 */
final class BodyMutations {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static final List<JsonNode> WRONG_VALUES = List.of(NullNode.instance, TextNode.valueOf(""),
            IntNode.valueOf(0), IntNode.valueOf(-1), DoubleNode.valueOf(1e308),
            new BigIntegerNode(new BigInteger("9".repeat(400))), TextNode.valueOf("x".repeat(10_000)),
            JSON.createArrayNode(), JSON.createObjectNode(), BooleanNode.TRUE, TextNode.valueOf("\u0000\u202e"),
            TextNode.valueOf("9999999999999999999999.999"), TextNode.valueOf("-0.01"), TextNode.valueOf("2026-02-30"));

    private BodyMutations() {
    }

    /** Label → body, for the valid JSON object {@code valid}. */
    static Map<String, String> of(String valid) {
        JsonNode root = read(valid);
        Map<String, String> bodies = new LinkedHashMap<>();
        for (String whole : List.of("", "null", "[]", "{", "\"text\"", "123", "{}", "{\"a\":1,\"a\":2}",
                "\ufeff" + valid, valid + "x", "[" + valid + "]", "{\"a\":".repeat(5_000) + "1" + "}".repeat(5_000))) {
            bodies.put("body " + abbreviated(whole), whole);
        }
        for (String field : fields(root, "")) {
            for (JsonNode value : WRONG_VALUES) {
                JsonNode copy = root.deepCopy();
                set(copy, field, value);
                bodies.put(field + "=" + abbreviated(value.toString()), write(copy));
            }
            JsonNode copy = root.deepCopy();
            remove(copy, field);
            bodies.put(field + " left out", write(copy));
        }
        ObjectNode unknown = root.deepCopy();
        unknown.put("unknownField", 1);
        bodies.put("unknown field", write(unknown));
        return bodies;
    }

    /** Every field's JSON Pointer, objects and arrays included. */
    private static List<String> fields(JsonNode node, String pointer) {
        List<String> fields = new ArrayList<>();
        if (!pointer.isEmpty()) {
            fields.add(pointer);
        }
        if (node.isObject()) {
            node.fieldNames().forEachRemaining(name -> fields.addAll(fields(node.get(name), pointer + "/" + name)));
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                fields.addAll(fields(node.get(i), pointer + "/" + i));
            }
        }
        return fields;
    }

    private static void set(JsonNode root, String pointer, JsonNode value) {
        JsonNode parent = root.at(pointer.substring(0, pointer.lastIndexOf('/')));
        String last = pointer.substring(pointer.lastIndexOf('/') + 1);
        if (parent instanceof ObjectNode object) {
            object.set(last, value);
        } else {
            ((ArrayNode) parent).set(Integer.parseInt(last), value);
        }
    }

    private static void remove(JsonNode root, String pointer) {
        JsonNode parent = root.at(pointer.substring(0, pointer.lastIndexOf('/')));
        String last = pointer.substring(pointer.lastIndexOf('/') + 1);
        if (parent instanceof ObjectNode object) {
            object.remove(last);
        } else {
            ((ArrayNode) parent).remove(Integer.parseInt(last));
        }
    }

    private static String abbreviated(String text) {
        return text.length() <= 30 ? text : text.substring(0, 30) + "…(" + text.length() + ")";
    }

    private static JsonNode read(String json) {
        try {
            return JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not JSON: " + json, e);
        }
    }

    private static String write(JsonNode node) {
        try {
            return JSON.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
