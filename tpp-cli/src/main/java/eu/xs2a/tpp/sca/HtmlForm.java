package eu.xs2a.tpp.sca;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Just enough reading of the sandbox bank's plain HTML pages (no JavaScript there) to fill their forms: the first
 * form's action, its input and button names, the options of a select, and the message a page shows.
 */
final class HtmlForm {

    private static final Pattern FORM = Pattern.compile("<form\\b([^>]*)>(.*?)</form>", Pattern.CASE_INSENSITIVE | Pattern.DOTALL);
    private static final Pattern ACTION = Pattern.compile("\\baction\\s*=\\s*\"([^\"]*)\"", Pattern.CASE_INSENSITIVE);
    private static final Pattern NAMED = Pattern.compile("<(input|button|select|textarea)\\b[^>]*\\bname\\s*=\\s*\"([^\"]*)\"",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern SELECT = Pattern.compile("<select\\b[^>]*\\bname\\s*=\\s*\"([^\"]*)\"[^>]*>(.*?)</select>",
            Pattern.CASE_INSENSITIVE | Pattern.DOTALL);
    private static final Pattern OPTION = Pattern.compile("<option\\b[^>]*\\bvalue\\s*=\\s*\"([^\"]*)\"", Pattern.CASE_INSENSITIVE);
    private static final Pattern TAG = Pattern.compile("<[^>]+>");

    private final String action;
    private final List<String> names;
    private final String formHtml;

    private HtmlForm(String action, List<String> names, String formHtml) {
        this.action = action;
        this.names = names;
        this.formHtml = formHtml;
    }

    /** The first form of the page, if it has one. */
    static Optional<HtmlForm> first(String html) {
        Matcher form = FORM.matcher(html);
        if (!form.find()) {
            return Optional.empty();
        }
        Matcher action = ACTION.matcher(form.group(1));
        List<String> names = new ArrayList<>();
        Matcher named = NAMED.matcher(form.group(2));
        while (named.find()) {
            names.add(unescape(named.group(2)));
        }
        return Optional.of(new HtmlForm(action.find() ? unescape(action.group(1)) : "", names, form.group(2)));
    }

    String action() {
        return action;
    }

    boolean has(String name) {
        return names.contains(name);
    }

    /** The option values of the select with this name (empty if there is none). */
    List<String> options(String selectName) {
        Matcher select = SELECT.matcher(formHtml);
        while (select.find()) {
            if (unescape(select.group(1)).equals(selectName)) {
                List<String> values = new ArrayList<>();
                Matcher option = OPTION.matcher(select.group(2));
                while (option.find()) {
                    values.add(unescape(option.group(1)));
                }
                return values;
            }
        }
        return List.of();
    }

    /** The text of the element with this id (e.g. the bank's {@code error} or {@code message-text}), if any. */
    static Optional<String> textOf(String html, String id) {
        Matcher element = Pattern.compile("<(\\w+)\\b[^>]*\\bid\\s*=\\s*\"" + Pattern.quote(id) + "\"[^>]*>(.*?)</\\1>",
                Pattern.CASE_INSENSITIVE | Pattern.DOTALL).matcher(html);
        return element.find() ? Optional.of(plain(element.group(2))).filter(t -> !t.isBlank()) : Optional.empty();
    }

    /** What a page says in a line: its message, else its first heading, else its text. */
    static String summary(String html) {
        Optional<String> title = textOf(html, "message-title");
        Optional<String> text = textOf(html, "message-text");
        if (title.isPresent() || text.isPresent()) {
            return (title.orElse("") + (title.isPresent() && text.isPresent() ? ": " : "") + text.orElse("")).strip();
        }
        Matcher h1 = Pattern.compile("<h1\\b[^>]*>(.*?)</h1>", Pattern.CASE_INSENSITIVE | Pattern.DOTALL).matcher(html);
        String line = h1.find() ? plain(h1.group(1)) : plain(html);
        return line.length() > 200 ? line.substring(0, 200) + "…" : line;
    }

    private static String plain(String html) {
        return unescape(TAG.matcher(html).replaceAll(" ")).replaceAll("\\s+", " ").strip();
    }

    static String unescape(String text) {
        return text.replace("&quot;", "\"").replace("&#39;", "'").replace("&#x27;", "'").replace("&lt;", "<")
                .replace("&gt;", ">").replace("&amp;", "&");
    }
}
