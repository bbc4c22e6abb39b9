package eu.xs2a.payment;

import static eu.xs2a.payment.support.Payments.SCT;
import static eu.xs2a.payment.support.Payments.TPP_NOK;
import static eu.xs2a.payment.support.Payments.TPP_OK;
import static eu.xs2a.payment.support.Payments.body;
import static eu.xs2a.payment.support.Payments.headers;
import static eu.xs2a.payment.support.Payments.initiate;
import static eu.xs2a.payment.support.Tpps.ALPHA;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;

import eu.xs2a.payment.support.BankBrowser;
import eu.xs2a.payment.support.Errors;
import eu.xs2a.payment.support.Payments;
import eu.xs2a.payment.support.Sca;
import eu.xs2a.payment.support.TestClock;
import eu.xs2a.payment.support.Tpps;
import eu.xs2a.testsupport.Browser;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * What a PSU's real browser (headless Chromium) shows for every outcome of the gateway's payment links: a short
 * page, never JSON, with a way back to the TPP whenever the link was really the PSU's; JSON only for a client that
 * asks for it.
 */
@QuarkusTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ScaPagesBrowserTest {

    private static final String BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

    @Inject TestClock clock;

    private Browser browser;

    @BeforeAll
    void browser() throws Exception {
        browser = Browser.shared();
    }

    private static Response initiated(Map<String, String> headers) {
        Response response = initiate(ALPHA, "sandbox", SCT, headers, body("2.00"));
        response.then().statusCode(201);
        return response;
    }

    @Test
    void anUnknownLinkShowsAPageWithoutAWayBack() {
        String link = initiated(headers()).path("_links.scaRedirect.href");
        String forged = link.replaceAll("token=.*", "token=forged");

        browser.openOnTestPort(forged);
        browser.assertMessagePage("This link cannot be used", "unknown, used or expired", Optional.empty());

        given().config(Tpps.RAW).accept(BROWSER_ACCEPT).get(Payments.local(forged)).then().statusCode(404)
                .contentType(startsWith("text/html")).header("Cache-Control", "no-store");
        // a program asks for JSON and gets the one error body
        Errors.expect(given().config(Tpps.RAW).accept("application/json").get(Payments.local(forged)), 404,
                "ResourceUnknown");
    }

    @Test
    void aLinkOpenedAgainAfterApprovalLeadsBackToTheTpp() {
        String link = initiated(headers()).path("_links.scaRedirect.href");
        assertEquals(TPP_OK, Sca.approve(link, "psu1"));

        browser.openOnTestPort(link);
        browser.assertMessagePage("This link cannot be used", "unknown, used or expired", Optional.of(TPP_NOK));
    }

    @Test
    void withoutANokUriThePageLeadsToTheRedirectUri() {
        String link = initiated(headers("TPP-Nok-Redirect-URI", null)).path("_links.scaRedirect.href");
        Sca.followGatewayLink(link);

        browser.openOnTestPort(link);
        browser.assertMessagePage("This link cannot be used", "unknown, used or expired", Optional.of(TPP_OK));
    }

    @Test
    void anExpiredLinkLeadsBackToTheTpp() {
        String link = initiated(headers()).path("_links.scaRedirect.href");
        clock.advance(Duration.ofMinutes(11));
        try {
            browser.openOnTestPort(link);
        } finally {
            clock.reset();
        }
        browser.assertMessagePage("This link cannot be used", "unknown, used or expired", Optional.of(TPP_NOK));
    }

    @Test
    void theLinkOfACancelledPaymentLeadsBackToTheTpp() {
        Response created = initiated(headers());
        Tpps.send(ALPHA, "DELETE", created.path("_links.self.href"),
                Map.of("TPP-Redirect-URI", TPP_OK, "TPP-Nok-Redirect-URI", TPP_NOK), null).then().statusCode(204);

        browser.openOnTestPort(created.path("_links.scaRedirect.href"));
        browser.assertMessagePage("This link cannot be used", "unknown, used or expired", Optional.of(TPP_NOK));
    }

    @Test
    void aForgedCallbackShowsAPageWithoutAWayBack() {
        String self = initiated(headers()).path("_links.self.href");
        browser.openOnTestPort(self + "/sca-callback?state=guess");
        browser.assertMessagePage("This link cannot be used", "is unknown", Optional.empty());
    }

    @Test
    void withoutARedirectUriTheCallbackShowsTheOutcomeAndJsonOnlyToAProgram() {
        Map<String, String> noRedirect = headers("TPP-Redirect-URI", null);
        noRedirect.put("TPP-Redirect-Preferred", "false");
        noRedirect.remove("TPP-Nok-Redirect-URI");
        // at sandbox2, which offers redirect only, no preference for it still gets it
        Response created = initiate(ALPHA, "sandbox2", SCT, noRedirect, body("2.00"));
        created.then().statusCode(201).header("ASPSP-SCA-Approach", "REDIRECT");
        String callback = BankBrowser.approve(Sca.followGatewayLink(created.path("_links.scaRedirect.href")), "psu1");

        browser.openOnTestPort(callback);
        browser.assertMessagePage("Payment authorised", "You have authorised the payment", Optional.empty());

        given().config(Tpps.RAW).accept(BROWSER_ACCEPT).get(Payments.local(callback)).then().statusCode(200)
                .contentType(startsWith("text/html")).header("Cache-Control", "no-store");
        given().config(Tpps.RAW).accept("application/json").get(Payments.local(callback)).then().statusCode(200)
                .contentType(startsWith("application/json"))
                .body("paymentId", equalTo(created.path("paymentId")))
                .body("scaStatus", equalTo("finalised"));
    }
}
