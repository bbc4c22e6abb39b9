package eu.xs2a.e2e.journeys;

import static eu.xs2a.e2e.support.BerlinGroup.CONSENTS;
import static eu.xs2a.e2e.support.BerlinGroup.PSU1_MAIN;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.testsupport.NotificationReceiver;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Issue 55, notifications: a TPP's receiver on localhost gets each status change of a consent and of a payment,
 * signed by the gateway's seal (Signature and Digest verified with the certificate of ASPSP-Signature-Certificate,
 * which is the bank's published one) and in order; so does a signing basket's (resourceType basket); a receiver that
 * is down at first gets them once it is back; bad notification headers are FormatError.
 */
class NotificationsJourneyTest extends Journey {

    private static Map<String, String> withNotifications(Map<String, String> headers, String uri, String preferred) {
        headers.put("TPP-Notification-URI", uri);
        if (preferred != null) {
            headers.put("TPP-Notification-Content-Preferred", preferred);
        }
        return headers;
    }

    /** The notifications of one path, each verified, as "sca:<scaStatus>" or the resource's status, in order. */
    private static List<String> events(NotificationReceiver receiver, String path, String statusField) {
        X509Certificate seal = stack.gatewaySealCertificate();
        List<String> events = new ArrayList<>();
        Instant previous = Instant.EPOCH;
        for (NotificationReceiver.Received r : receiver.received()) {
            if (!r.path().equals(path)) {
                continue;
            }
            r.verify(seal);
            JsonPath body = JsonPath.from(r.text());
            Instant time = Instant.parse(body.getString("time"));
            assertTrue(!time.isBefore(previous), "in order: " + receiver.received());
            previous = time;
            String sca = body.getString("scaStatus");
            events.add(sca != null ? "sca:" + sca : body.getString(statusField));
        }
        return events;
    }

    @Test
    void eachChangeOfAConsentAndOfAPaymentArrivesSignedAndInOrder() {
        try (NotificationReceiver receiver = new NotificationReceiver().start()) {
            Tpp tpp = newTpp("Kappa Notify", "PSP_AI", "PSP_PI");

            Response consent = tpp.post(CONSENTS, withNotifications(redirect(redirectUri("ok"), null),
                    receiver.url("/consents"), null), aisBody(PSU1_MAIN));
            assertStatus(201, consent);
            assertEquals("true", consent.header("ASPSP-Notification-Support"));
            assertEquals("status=SCA,PROCESS", consent.header("ASPSP-Notification-Content"));
            String consentId = consent.jsonPath().getString("consentId");
            browser().approveAll(consent.jsonPath().getString("_links.scaRedirect.href"), "psu1");
            List<String> consentEvents = eventually("the consent's notifications",
                    () -> events(receiver, "/consents", "consentStatus"),
                    e -> e.contains("valid") && e.contains("sca:finalised"));
            assertEquals(List.of("received", "valid"), consentEvents.stream().filter(e -> !e.startsWith("sca:")).toList());
            assertTrue(consentEvents.contains("sca:finalised"), consentEvents.toString());
            JsonPath first = JsonPath.from(receiver.received().get(0).text());
            assertEquals(consentId, first.getString("resourceId"));
            assertEquals("consent", first.getString("resourceType"));
            assertEquals(CONSENTS + "/" + consentId, first.getString("_links.self.href"));

            String endToEnd = "E2E-" + UUID.randomUUID().toString().substring(0, 8);
            Response payment = tpp.post(SERVICE_PAYMENTS, withNotifications(PaymentJourneyTest.paymentHeaders(
                    redirectUri("paid"), null), receiver.url("/payments"), null),
                    PaymentJourneyTest.paymentBody(PSU1_MAIN, "2.34", endToEnd, null));
            assertStatus(201, payment);
            assertEquals("true", payment.header("ASPSP-Notification-Support"));
            String paymentPath = SERVICE_PAYMENTS + "/" + payment.jsonPath().getString("paymentId");
            browser().approveAll(payment.jsonPath().getString("_links.scaRedirect.href"), "psu1");
            String settled = Pain001JourneyTest.finalStatus(tpp, paymentPath);
            List<String> paymentEvents = eventually("the payment's notifications up to " + settled,
                    () -> events(receiver, "/payments", "transactionStatus"),
                    e -> e.contains(settled) && e.contains("sca:finalised"));
            assertTrue(paymentEvents.contains("sca:finalised"), paymentEvents.toString());
            List<String> statuses = paymentEvents.stream().filter(e -> !e.startsWith("sca:")).toList();
            assertEquals(statuses.stream().distinct().toList(), statuses, "each status once, in order");
            NotificationReceiver.Received last = receiver.received().get(receiver.received().size() - 1);
            assertEquals(paymentPath, JsonPath.from(last.text()).getString("_links.self.href"));
            assertEquals("payment", JsonPath.from(last.text()).getString("resourceType"));
        }
    }

    @Test
    void aSigningBasketsChangesArriveSigned() {
        try (NotificationReceiver receiver = new NotificationReceiver().start()) {
            Tpp tpp = newTpp("Nu Notify", "PSP_AI");
            Response consent = tpp.post(CONSENTS, redirect(redirectUri("ok"), null), aisBody(PSU1_MAIN));
            assertStatus(201, consent);
            Response basket = tpp.post(SigningBasketJourneyTest.BASKETS, withNotifications(
                    SigningBasketJourneyTest.basketHeaders(redirectUri("basket")), receiver.url("/baskets"), null),
                    SigningBasketJourneyTest.basket(List.of(), List.of(consent.jsonPath().getString("consentId"))));
            assertStatus(201, basket);
            assertEquals("true", basket.header("ASPSP-Notification-Support"));
            assertEquals("status=SCA,PROCESS", basket.header("ASPSP-Notification-Content"));
            String basketId = basket.jsonPath().getString("basketId");
            browser().approveAll(basket.jsonPath().getString("_links.scaRedirect.href"), "psu1");
            // events() verifies each one's signature with the gateway's published seal
            List<String> events = eventually("the basket's notifications",
                    () -> events(receiver, "/baskets", "transactionStatus"),
                    e -> e.contains("ACTC") && e.contains("sca:finalised"));
            assertEquals(List.of("ACTC"), events.stream().filter(e -> !e.startsWith("sca:")).toList());
            assertTrue(events.contains("sca:finalised"), events.toString());
            for (NotificationReceiver.Received r : receiver.received()) {
                JsonPath body = JsonPath.from(r.text());
                assertEquals(basketId, body.getString("resourceId"));
                assertEquals("basket", body.getString("resourceType"));
                assertEquals(SigningBasketJourneyTest.BASKETS + "/" + basketId, body.getString("_links.self.href"));
            }
        }
    }

    @Test
    void aReceiverThatIsDownAtFirstGetsThemAfterItComesBack() {
        NotificationReceiver receiver = new NotificationReceiver();
        Tpp tpp = newTpp("Lambda Notify", "PSP_AI");
        Response consent = tpp.post(CONSENTS, withNotifications(redirect(redirectUri("ok"), null),
                receiver.url("/late"), "status=PROCESS"), aisBody(PSU1_MAIN));
        assertStatus(201, consent);
        assertEquals("status=PROCESS", consent.header("ASPSP-Notification-Content"));
        browser().approveAll(consent.jsonPath().getString("_links.scaRedirect.href"), "psu1");
        assertEquals("valid", consentStatus(tpp, consent.jsonPath().getString("consentId")));
        // the gateway has tried and failed while the receiver was down (its attempts are counted per TPP)
        eventually("a failed attempt in consent-service's metrics", () -> io.restassured.RestAssured
                .get(stack.serviceUrl("consent-service") + "/q/metrics").asString(),
                m -> m.contains("xs2a_notification_attempts_total{outcome=\"failed\",tpp=\""
                        + tpp.organizationIdentifier() + "\"}"));
        try (receiver) {
            receiver.start();
            List<String> events = eventually("the notifications after the receiver came back",
                    () -> events(receiver, "/late", "consentStatus"), e -> e.contains("valid"));
            assertEquals(List.of("received", "valid"), events, "PROCESS only, in order");
        }
    }

    @Test
    void badNotificationHeadersAreFormatErrors() {
        Tpp tpp = newTpp("Mu Notify", "PSP_AI", "PSP_PI");
        String[] uris = {"not a uri", "https://tpp.elsewhere.example/n", "http://tpp.example/n"};
        for (String uri : uris) {
            assertError(tpp.post(CONSENTS, withNotifications(redirect(redirectUri("ok"), null), uri, null),
                    aisBody(PSU1_MAIN)), 400, "FormatError", "FORMAT_ERROR");
            assertError(tpp.post(SERVICE_PAYMENTS, withNotifications(PaymentJourneyTest.paymentHeaders(
                    redirectUri("paid"), null), uri, null), PaymentJourneyTest.paymentBody(PSU1_MAIN, "1.00", "E2E-N",
                    null)), 400, "FormatError", "FORMAT_ERROR");
        }
        for (String preferred : new String[] {"status=SCA,SCA", "status=EVERYTHING", "SCA"}) {
            assertError(tpp.post(CONSENTS, withNotifications(redirect(redirectUri("ok"), null),
                    "http://localhost:9/n", preferred), aisBody(PSU1_MAIN)), 400, "FormatError", "FORMAT_ERROR");
        }
        Response without = tpp.post(CONSENTS, redirect(redirectUri("ok"), null), aisBody(PSU1_MAIN));
        assertStatus(201, without);
        assertNull(without.header("ASPSP-Notification-Support"), "nothing asked, nothing answered");
    }
}
