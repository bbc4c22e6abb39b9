package eu.xs2a.consent;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.consent.support.ConsentTestBase;
import eu.xs2a.consent.support.Psu;
import eu.xs2a.consent.support.SandboxBank;
import eu.xs2a.consent.support.Signed;
import eu.xs2a.consent.support.TestClock;
import eu.xs2a.consent.support.Tpps;
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
 * What a PSU's real browser (headless Chromium) shows for every outcome of the gateway's consent links: a short page,
 * never JSON, with a way back to the TPP whenever the link was really the PSU's; JSON only for a client that asks.
 */
@QuarkusTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ScaPagesBrowserTest extends ConsentTestBase {

    @Inject TestClock clock;

    private Browser browser;

    @BeforeAll
    void browser() throws Exception {
        browser = Browser.shared();
    }

    @Test
    void anUnknownLinkShowsAPageWithoutAWayBack() {
        String scaRedirect = createAis(Tpps.ALPHA).jsonPath().getString("_links.scaRedirect.href");
        String forged = scaRedirect.substring(0, scaRedirect.lastIndexOf('/') + 1) + "forged-token";

        browser.openOnTestPort(forged);
        browser.assertMessagePage("This link cannot be used", "unknown, expired or already used", Optional.empty());

        Response page = given().redirects().follow(false).accept(Psu.BROWSER_ACCEPT).get(Psu.gatewayPath(forged));
        assertEquals(404, page.statusCode());
        assertTrue(page.contentType().startsWith("text/html"), page.contentType());
        assertEquals("no-store", page.header("Cache-Control"));
        // a program asks for JSON and gets the one error body
        assertError(given().redirects().follow(false).accept("application/json").get(Psu.gatewayPath(forged)),
                404, "ResourceUnknown", "RESOURCE_UNKNOWN");
    }

    @Test
    void aLinkOpenedAgainAfterApprovalLeadsBackToTheTpp() {
        String scaRedirect = createAis(Tpps.ALPHA).jsonPath().getString("_links.scaRedirect.href");
        assertEquals(302, Psu.approve(scaRedirect).statusCode());

        browser.openOnTestPort(scaRedirect);
        browser.assertMessagePage("This link cannot be used", "already used", Optional.of(Signed.TPP_NOK));
    }

    @Test
    void anExpiredLinkLeadsBackToTheTpp() {
        String scaRedirect = createAis(Tpps.ALPHA).jsonPath().getString("_links.scaRedirect.href");
        clock.advance(Duration.ofMinutes(11));
        try {
            browser.openOnTestPort(scaRedirect);
        } finally {
            clock.reset();
        }
        browser.assertMessagePage("This link cannot be used", "expired", Optional.of(Signed.TPP_NOK));
    }

    @Test
    void theLinkOfAnEndedConsentSaysSoAndLeadsBackToTheTpp() {
        String scaRedirect = linkOfADeletedConsent();

        browser.openOnTestPort(scaRedirect);
        browser.assertMessagePage("This link cannot be used", "can no longer be authorised (terminatedByTpp)",
                Optional.of(Signed.TPP_NOK));
    }

    @Test
    void aForgedCallbackShowsAPageWithoutAWayBack() {
        Response created = createAis(Tpps.ALPHA);
        browser.openOnTestPort(created.jsonPath().getString("_links.scaStatus.href") + "/sca-callback/forged");
        browser.assertMessagePage("This link cannot be used", "Unknown SCA callback", Optional.empty());
    }

    @Test
    void withoutARedirectUriTheCallbackEndsOnAPage() {
        // faraway offers redirect only, so TPP-Redirect-Preferred false still gets a redirect there
        Response created = Signed.post(Tpps.ALPHA, Signed.ais(SandboxBank.FAR_AWAY), Map.of("TPP-Redirect-Preferred", "false"),
                Signed.aisBody(null, 4, true, Psu.PSU1_MAIN));
        assertEquals(201, created.statusCode(), created.asString());
        Psu psu = new Psu("psu1").openScaRedirect(created.jsonPath().getString("_links.scaRedirect.href")).logIn();
        String callback = psu.decide("deny");

        browser.openOnTestPort(callback);
        browser.assertMessagePage("You are done at your bank", "close this window", Optional.empty());
    }
}
