package eu.xs2a.tpp.state;

import eu.xs2a.tpp.CliException;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Replaces {@code {name}} in a path or header value with a value saved by {@code bin/tpp call --save name=...}, so
 * a tour of commands runs without copying ids by hand. Only {@code {identifier}} is a placeholder; any other brace
 * is left alone.
 */
public final class Placeholders {

    private static final Pattern PLACEHOLDER = Pattern.compile("\\{([A-Za-z][A-Za-z0-9_-]*)}");

    private Placeholders() {
    }

    /**
     * @param where what the text is, for the error message (e.g. "the path")
     * @throws CliException when a placeholder has no saved value
     */
    public static String expand(String text, Map<String, String> values, String where) {
        if (text == null || text.indexOf('{') < 0) {
            return text;
        }
        Matcher matcher = PLACEHOLDER.matcher(text);
        StringBuilder out = new StringBuilder();
        while (matcher.find()) {
            String name = matcher.group(1);
            String value = values.get(name);
            if (value == null) {
                throw new CliException("{" + name + "} in " + where + " has no saved value"
                        + (values.isEmpty() ? " (nothing is saved yet"
                                : " (saved: " + String.join(", ", values.keySet()))
                        + "); save one with bin/tpp call ... --save " + name + "=.field");
            }
            matcher.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        matcher.appendTail(out);
        return out.toString();
    }
}
