package eu.xs2a.e2e.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.testsupport.RawHttp;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;

/**
 * The HTML page nginx answers a PSU's browser with on the routes it follows (ingress/render-nginx, docs/ARCHITECTURE.md
 * "PSU browser pages"): what the three nginx tests check of it.
 */
final class IngressPages {

    /** The Accept header Chromium sends when it opens a link. */
    static final String BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,"
            + "image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7";

    private IngressPages() {
    }

    /** A page with {@code title}, the ids bin/tpp sca reads, and the headers of the services' browser pages. */
    static Document assertPage(RawHttp.Response r, int status, String title) {
        assertEquals(status, r.status(), r.bodyText());
        assertEquals("text/html; charset=utf-8", r.header("Content-Type"));
        assertEquals("no-store", r.header("Cache-Control"));
        assertEquals("DENY", r.header("X-Frame-Options"));
        assertEquals("nosniff", r.header("X-Content-Type-Options"));
        assertEquals("no-referrer", r.header("Referrer-Policy"));
        assertTrue(r.header("Content-Security-Policy").startsWith("default-src 'none';"),
                r.header("Content-Security-Policy"));
        assertFalse(r.bodyText().contains("tppMessages"), r.bodyText());
        Document page = Jsoup.parse(r.bodyText());
        assertEquals(title, page.title());
        assertEquals(title, page.getElementById("message-title").text());
        assertFalse(page.getElementById("message-text").text().isBlank());
        return page;
    }
}
