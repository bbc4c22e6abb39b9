package eu.xs2a.tpp.json;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A very small jq-like path into a JSON document: {@code .consentId}, {@code ._links.scaRedirect.href},
 * {@code .accounts[0].resourceId} (or {@code .accounts.0.resourceId}, which needs no quoting in a shell).
 */
public final class JsonPath {

    private final String text;
    private final List<Object> steps;

    private JsonPath(String text, List<Object> steps) {
        this.text = text;
        this.steps = steps;
    }

    /** @throws IllegalArgumentException naming what is wrong with the path */
    public static JsonPath parse(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("a JSON path is empty; write it like .consentId or .accounts[0].resourceId");
        }
        String path = text.strip();
        if (path.startsWith(".")) {
            path = path.substring(1);
        }
        List<Object> steps = new ArrayList<>();
        if (path.isEmpty()) {
            return new JsonPath(text, steps);
        }
        for (String segment : path.split("\\.", -1)) {
            if (segment.isEmpty()) {
                throw new IllegalArgumentException("JSON path '" + text + "' has an empty step (two dots in a row?)");
            }
            int bracket = segment.indexOf('[');
            String field = bracket < 0 ? segment : segment.substring(0, bracket);
            if (!field.isEmpty()) {
                steps.add(field.chars().allMatch(Character::isDigit) ? (Object) Integer.parseInt(field) : field);
            }
            while (bracket >= 0) {
                int close = segment.indexOf(']', bracket);
                if (close < 0) {
                    throw new IllegalArgumentException("JSON path '" + text + "' has a '[' without ']'");
                }
                String index = segment.substring(bracket + 1, close);
                if (index.isEmpty() || !index.chars().allMatch(Character::isDigit)) {
                    throw new IllegalArgumentException("JSON path '" + text + "': [" + index + "] is not an array index");
                }
                steps.add(Integer.parseInt(index));
                bracket = segment.indexOf('[', close);
                if (bracket < 0 && close != segment.length() - 1) {
                    throw new IllegalArgumentException("JSON path '" + text + "' has text after ']'");
                }
            }
        }
        return new JsonPath(text, List.copyOf(steps));
    }

    /** The node at this path, if every step exists. A number step also reads an object field of that name. */
    public Optional<JsonNode> find(JsonNode root) {
        JsonNode node = root;
        for (Object step : steps) {
            if (node == null) {
                return Optional.empty();
            }
            if (step instanceof Integer index) {
                node = node.isArray() ? node.get(index) : node.get(String.valueOf(index));
            } else {
                node = node.get((String) step);
            }
        }
        return node == null || node.isMissingNode() || node.isNull() ? Optional.empty() : Optional.of(node);
    }

    /** The value as text: strings without quotes, anything else as compact JSON. */
    public Optional<String> findText(JsonNode root) {
        return find(root).map(node -> node.isValueNode() ? node.asText() : node.toString());
    }

    @Override
    public String toString() {
        return text;
    }
}
