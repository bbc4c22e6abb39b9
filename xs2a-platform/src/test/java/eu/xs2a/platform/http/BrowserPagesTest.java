package eu.xs2a.platform.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.platform.error.ErrorBody;
import eu.xs2a.platform.error.ErrorClass;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The PSU's error page: what it says, what it escapes, when it links back, and who gets JSON instead. */
class BrowserPagesTest {

    @Test
    void everythingPrintedIsEscaped() {
        String page = BrowserPages.errorPage(404, ErrorBody.of(ErrorClass.RESOURCE_UNKNOWN,
                "<script>alert(1)</script> & \"quoted\""), "https://tpp.example/nok?a=1&b='x'");
        assertFalse(page.contains("<script>"), page);
        assertTrue(page.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quoted&quot;"), page);
        assertTrue(page.contains("href=\"https://tpp.example/nok?a=1&amp;b=&#39;x&#39;\""), page);
    }

    @Test
    void onlyAnHttpsReturnUriBecomesALink() {
        ErrorBody body = ErrorBody.of(ErrorClass.RESOURCE_UNKNOWN, "This SCA link is unknown, expired or already used");
        assertTrue(BrowserPages.errorPage(404, body, "https://tpp.example/nok").contains("id=\"back-to-tpp\""));
        assertTrue(BrowserPages.errorPage(404, body, "https://tpp.example/nok").contains("Back to tpp.example"));
        assertFalse(BrowserPages.errorPage(404, body, "javascript:alert(1)").contains("back-to-tpp"));
        assertFalse(BrowserPages.errorPage(404, body, null).contains("back-to-tpp"));
    }

    @Test
    void theTitleSaysWhatHappened() {
        ErrorBody gone = ErrorBody.of(ErrorClass.RESOURCE_UNKNOWN, null);
        assertTrue(BrowserPages.errorPage(404, gone, null).contains("<h1 id=\"message-title\">This link cannot be used</h1>"));
        String unavailable = BrowserPages.errorPage(503, ErrorBody.of(ErrorClass.SERVICE_UNAVAILABLE, "The bank is down"), null);
        assertTrue(unavailable.contains("The bank cannot be reached right now"), unavailable);
        assertTrue(unavailable.contains("try the same link again"), unavailable);
    }

    @Test
    void htmlUnlessTheClientAsksForJson() {
        assertFalse(BrowserPages.wantsJson(List.of()));
        assertFalse(BrowserPages.wantsJson(List.of(MediaType.WILDCARD_TYPE)));
        assertFalse(BrowserPages.wantsJson(List.of(MediaType.TEXT_HTML_TYPE, MediaType.valueOf("application/xhtml+xml"),
                MediaType.valueOf("application/xml;q=0.9"), MediaType.valueOf("*/*;q=0.8"))));
        assertTrue(BrowserPages.wantsJson(List.of(MediaType.APPLICATION_JSON_TYPE)));
        assertTrue(BrowserPages.wantsJson(List.of(MediaType.valueOf("Application/JSON"))));
        assertTrue(BrowserPages.wantsJson(List.of(MediaType.valueOf("application/problem+json"))));
        assertTrue(BrowserPages.wantsJson(List.of(MediaType.WILDCARD_TYPE, MediaType.APPLICATION_JSON_TYPE)));
    }

    @Test
    void aPageIsNeverCachedNorFramed() {
        Response page = BrowserPages.page(200, "Done", "You may close this window.", null);
        assertEquals("no-store", page.getHeaderString("Cache-Control"));
        assertEquals("DENY", page.getHeaderString("X-Frame-Options"));
        assertEquals("no-referrer", page.getHeaderString("Referrer-Policy"));
        assertTrue(page.getMediaType().isCompatible(MediaType.TEXT_HTML_TYPE));
    }
}
