package eu.xs2a.sandbox;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a browser sends with every form of the PSU pages: the CSRF token it got from a page, as the cookie and the
 * hidden field {@code csrf}. Plain-HTTP tests post forms through {@link #given()} (redirects not followed).
 */
final class Forms {

    static final String COOKIE = "SANDBOX_CSRF";
    private static final Pattern FIELD = Pattern.compile("<input type=\"hidden\" name=\"csrf\" value=\"([^\"]+)\">");
    private static volatile String token;

    private Forms() {
    }

    /** The token a page handed out: its cookie, which must equal its forms' hidden field. */
    static String tokenOf(Response page) {
        String cookie = page.getCookie(COOKIE);
        assertNotNull(cookie, "a page with a form sets " + COOKIE);
        assertEquals(cookie, fieldOf(page.asString()), "the form carries the cookie's token");
        return cookie;
    }

    static String fieldOf(String html) {
        Matcher m = FIELD.matcher(html);
        return m.find() ? m.group(1) : null;
    }

    /** A request with this browser session's token (fetched once from the online-banking login page). */
    static RequestSpecification given() {
        String t = token;
        if (t == null) {
            t = tokenOf(io.restassured.RestAssured.given().get("/online-banking").then().statusCode(200).extract()
                    .response());
            token = t;
        }
        return io.restassured.RestAssured.given().redirects().follow(false).cookie(COOKIE, t).formParam("csrf", t);
    }
}
