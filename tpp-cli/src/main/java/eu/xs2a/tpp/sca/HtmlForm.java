package eu.xs2a.tpp.sca;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * Just enough reading of the sandbox bank's plain HTML pages (no JavaScript there) to fill their forms: the first
 * form's action, its input and button names, the options of a select, and the message a page shows. jsoup parses the
 * pages the way a browser does (any attribute order or quoting, entities, comments, uppercase tags).
 */
final class HtmlForm {

    private final Element form;

    private HtmlForm(Element form) {
        this.form = form;
    }

    /** The first form of the page, if it has one. */
    static Optional<HtmlForm> first(String html) {
        return Optional.ofNullable(Jsoup.parse(html).selectFirst("form")).map(HtmlForm::new);
    }

    /** The form's action as written (entities undone), or empty when it has none: then it posts to the page itself. */
    String action() {
        return form.attr("action");
    }

    /** Whether one of the form's fields or buttons has this name. */
    boolean has(String name) {
        return form.select("input[name], button[name], select[name], textarea[name]").stream()
                .anyMatch(field -> field.attr("name").equals(name));
    }

    /** The form's hidden fields (e.g. the bank's CSRF token), which a browser submits as they are. */
    Map<String, String> hidden() {
        Map<String, String> fields = new LinkedHashMap<>();
        form.select("input[type=hidden][name]").forEach(input -> fields.put(input.attr("name"), input.attr("value")));
        return fields;
    }

    /** The option values of the select with this name (empty if there is none). */
    List<String> options(String selectName) {
        return form.select("select[name]").stream().filter(select -> select.attr("name").equals(selectName)).findFirst()
                .map(select -> select.select("option").stream()
                        // an option without a value submits its text, as in a browser
                        .map(option -> option.hasAttr("value") ? option.attr("value") : option.text()).toList())
                .orElse(List.of());
    }

    /** The text of the element with this id (e.g. the bank's {@code error} or {@code message-text}), if any. */
    static Optional<String> textOf(String html, String id) {
        return textOf(Jsoup.parse(html), id);
    }

    /** What a page says in a line: its message, else its first heading, else its text. */
    static String summary(String html) {
        Document page = Jsoup.parse(html);
        Optional<String> title = textOf(page, "message-title");
        Optional<String> text = textOf(page, "message-text");
        if (title.isPresent() || text.isPresent()) {
            return (title.orElse("") + (title.isPresent() && text.isPresent() ? ": " : "") + text.orElse("")).strip();
        }
        Element h1 = page.selectFirst("h1");
        String line = h1 != null ? h1.text() : page.body().text();
        return line.length() > 200 ? line.substring(0, 200) + "…" : line;
    }

    private static Optional<String> textOf(Document page, String id) {
        return Optional.ofNullable(page.getElementById(id)).map(Element::text).filter(t -> !t.isBlank());
    }
}
