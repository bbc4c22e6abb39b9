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
