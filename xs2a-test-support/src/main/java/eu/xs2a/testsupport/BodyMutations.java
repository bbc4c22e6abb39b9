package eu.xs2a.testsupport;

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
import io.restassured.response.Response;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * Wrong versions of a valid JSON body, as a careless or hostile client sends them: every field (at any depth) given
 * each value of another type or out of every range, every field left out, an unknown field added, and whole bodies
 * that are no JSON object at all. Each says what was changed and whether the gateway must refuse it: a value of
 * another JSON type than the valid body's (but null, which may stand for absent) and a body that is no JSON object.
 */
public final class BodyMutations {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static final List<JsonNode> WRONG_VALUES = List.of(NullNode.instance, TextNode.valueOf(""),
            IntNode.valueOf(0), IntNode.valueOf(-1), DoubleNode.valueOf(1e308),
            new BigIntegerNode(new BigInteger("9".repeat(400))), TextNode.valueOf("x".repeat(10_000)),
            JSON.createArrayNode(), JSON.createObjectNode(), BooleanNode.TRUE, TextNode.valueOf("\u0000\u202e"),
            TextNode.valueOf("9999999999999999999999.999"), TextNode.valueOf("-0.01"), TextNode.valueOf("2026-02-30"));

    /** One wrong body; {@code refused}: no gateway may take it. */
    public record Mutation(String label, String body, boolean refused) {
    }

    private BodyMutations() {
    }

    /** The wrong versions of the valid JSON object {@code valid}. */
    public static List<Mutation> of(String valid) {
        JsonNode root = read(valid);
        List<Mutation> mutations = new ArrayList<>();
        for (String whole : List.of("null", "[]", "{", "\"text\"", "123", "{\"a\":1,\"a\":2}", valid + "x",
                "[" + valid + "]", "{\"a\":".repeat(5_000) + "1" + "}".repeat(5_000))) {
            mutations.add(new Mutation("body " + abbreviated(whole), whole, true));
        }
        for (String acceptable : List.of("", "{}", "\ufeff" + valid)) { // no body, an empty one, a byte order mark
            mutations.add(new Mutation("body " + abbreviated(acceptable), acceptable, false));
        }
        for (String field : fields(root, "")) {
            JsonNode original = root.at(field);
            for (JsonNode value : WRONG_VALUES) {
                JsonNode copy = root.deepCopy();
                set(copy, field, value);
                mutations.add(new Mutation(field + "=" + abbreviated(value.toString()), write(copy),
                        !value.isNull() && value.getNodeType() != original.getNodeType()));
            }
            JsonNode copy = root.deepCopy();
            remove(copy, field);
            mutations.add(new Mutation(field + " left out", write(copy), false));
        }
        ObjectNode unknown = root.deepCopy();
        unknown.put("unknownField", 1);
        mutations.add(new Mutation("unknown field", write(unknown), false));
        return mutations;
    }

    /**
     * What is wrong with {@code answer} to a mutated request, or null: a 5xx, an error that is not in the standard body
     * (JSON with {@code tppMessages}), or with {@code mustFail} no error at all.
     */
    public static String problem(Response answer, boolean mustFail) {
        int status = answer.statusCode();
        String body = answer.asString();
        String shown = body.length() <= 200 ? body : body.substring(0, 200) + "…";
        if (status >= 500 || mustFail && status < 400) {
            return status + " " + shown;
        }
        if (status >= 400 && !(String.valueOf(answer.contentType()).startsWith("application/json")
                && answer.jsonPath().getString("tppMessages[0].code") != null)) {
            return status + " not the standard body: " + answer.contentType() + " " + shown;
        }
        return null;
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
