package eu.xs2a.tpp.sca;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Reading the sandbox bank's pages: forms, fields, options, messages; and what a refusal says. */
class HtmlFormTest {

    private static final String DECISION = """
            <div class="card"><h1>Approve this payment?</h1>
            <form method="post" action="/sca/a&amp;b/decision">
              <label for="debtorAccount">Pay from</label>
              <select id="debtorAccount" name="debtorAccount">
                <option value="DE49100200300100000011">DE49100200300100000011</option><option value="DE48100200300100000029">x</option>
              </select>
              <button class="primary" type="submit" name="decision" value="approve">Approve</button>
              <button class="secondary" type="submit" name="decision" value="deny">Deny</button>
            </form></div>""";

    @Test
    void readsTheFirstFormsActionFieldsAndOptions() {
        HtmlForm form = HtmlForm.first(DECISION).orElseThrow();
        assertEquals("/sca/a&b/decision", form.action(), "HTML entities are undone");
        assertTrue(form.has("decision") && form.has("debtorAccount"));
        assertFalse(form.has("otp"));
        assertEquals(List.of("DE49100200300100000011", "DE48100200300100000029"), form.options("debtorAccount"));
        assertEquals(List.of(), form.options("other"));
        assertTrue(HtmlForm.first("<p>no form</p>").isEmpty());
    }

    /** Pages a browser reads the same way, written in ways the former regular expressions misread. */
    @Test
    void readsFormsAsABrowserDoesWhateverTheMarkupStyle() {
        HtmlForm quoted = HtmlForm.first("<FORM METHOD=post ACTION='/sca/t0k/otp?x=1&amp;y=&quot;2&quot;'>"
                + "<INPUT TYPE=text NAME=otp><BUTTON type='submit'>Confirm</BUTTON></FORM>").orElseThrow();
        assertEquals("/sca/t0k/otp?x=1&y=\"2\"", quoted.action(), "single quotes, uppercase tags, entities");
        assertTrue(quoted.has("otp"), "an unquoted name");

        HtmlForm spread = HtmlForm.first("<form\n   method=\"post\"\n   action = \"/sca/t0k/decision\"\n>\n"
                + "<button\n value=\"approve\"\n\tname=\"decision\"\n>Approve</button></form>").orElseThrow();
        assertEquals("/sca/t0k/decision", spread.action(), "newlines and spaces inside the tag");
        assertTrue(spread.has("decision"), "the name after the value");

        HtmlForm attributes = HtmlForm.first("<form action=\"/login\"><input name=\"username\" data-name=\"otp\">"
                + "<input aria-label=\"a > b\" name=\"password\"></form>").orElseThrow();
        assertTrue(attributes.has("username") && attributes.has("password"), "a '>' inside a quoted value");
        assertFalse(attributes.has("otp"), "data-name is not name");
    }

    @Test
    void readsTheRealFormNotACommentedOutOne() {
        HtmlForm form = HtmlForm.first("<!-- <form action=\"/old\"><input name=\"pin\"></form> -->"
                + "<form action=\"/sca/t0k/login\"><input name=\"username\"></form>").orElseThrow();
        assertEquals("/sca/t0k/login", form.action());
        assertFalse(form.has("pin"));
        assertTrue(HtmlForm.first("<!-- <form action=\"/old\"></form> --><p>done</p>").isEmpty());
        assertEquals("", HtmlForm.first("<form><input name=otp></form>").orElseThrow().action(), "no action: the page itself");
    }

    @Test
    void readsOptionsWhateverTheirAttributeOrderAndQuoting() {
        HtmlForm form = HtmlForm.first("<form action=/d><SELECT id='debtor' NAME='debtorAccount'>"
                + "<option selected value='DE49100200300100000011'>first</option>"
                + "<OPTION\n  value=DE48100200300100000029>second</OPTION><option>DE86100200300100000037</option>"
                + "</SELECT><select name=\"other\"><option value=\"x\">x</option></select></form>").orElseThrow();
        assertEquals(List.of("DE49100200300100000011", "DE48100200300100000029", "DE86100200300100000037"),
                form.options("debtorAccount"), "an option without a value submits its text");
        assertEquals(List.of("x"), form.options("other"));
    }

    @Test
    void readsMessagesWithNestedElementsAndEntities() {
        assertEquals("Wrong code, 2 tries left", HtmlForm.textOf(
                "<div id='error' role=alert><div>Wrong code,</div>\n   <b>2</b> tries&nbsp;left</div>", "error").orElseThrow());
        assertEquals("Access given: Example TPP & Co may read your accounts", SandboxPsu.said(
                "<H1 ID=\"message-title\">Access\n given</H1><P ID='message-text'>Example TPP &amp; Co may read your accounts</P>"));
        assertTrue(HtmlForm.textOf("<div id=\"error\">  </div>", "error").isEmpty(), "a blank message is none");
        assertEquals("Page text only", HtmlForm.summary("<html><head><title>T</title><style>p{}</style></head>"
                + "<body><p>Page  text</p> only</body></html>"), "no heading: the page's visible text");
    }

    @Test
    void summarisesAPageByItsMessageOrHeading() {
        assertEquals("Link used: This link has already been used", SandboxPsu.said(
                "<h1 id=\"message-title\">Link used</h1><p id=\"message-text\">This link has already been used</p>"));
        assertEquals("Approve this payment?", HtmlForm.summary(DECISION));
        assertEquals("Wrong code", HtmlForm.textOf("<div class=\"error\" id=\"error\" role=\"alert\">Wrong code</div>", "error")
                .orElseThrow());
    }

    @Test
    void aRefusalByTheGatewayShowsItsErrorMessage() {
        assertEquals("This SCA link is unknown, expired or already used", SandboxPsu.said(
                "{\"error_code\":\"RESOURCE_UNKNOWN\",\"error_message\":\"This SCA link is unknown, expired or already used\"}"));
        assertEquals("{not json", SandboxPsu.said("{not json"));
    }
}
