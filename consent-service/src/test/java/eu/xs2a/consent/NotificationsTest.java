package eu.xs2a.consent;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.consent.domain.BasketSyncTask;
import eu.xs2a.consent.support.ConsentTestBase;
import eu.xs2a.consent.support.SandboxBank;
import eu.xs2a.consent.support.Psu;
import eu.xs2a.consent.support.Signed;
import eu.xs2a.consent.support.Tpps;
import eu.xs2a.testsupport.GatewaySealResource;
import eu.xs2a.testsupport.NotificationReceiver;
import eu.xs2a.testsupport.PendingNotifications;
import eu.xs2a.platform.task.TaskQueue;
import io.agroal.api.AgroalDataSource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

/**
 * Notifications of a consent's changes (docs/ARCHITECTURE.md "Notifications"): a real receiver on localhost gets each
 * consentStatus and scaStatus change, signed with the gateway seal, in order; one that is down gets them once it is
 * back; bad headers are FormatError. The notification tasks are run by hand ({@link TaskQueue#runNow}).
 */
@QuarkusTest
@QuarkusTestResource(value = GatewaySealResource.class, restrictToAnnotatedClass = false)
class NotificationsTest extends ConsentTestBase {

    @Inject TaskQueue queue;
    @Inject AgroalDataSource dataSource;

    @ConfigProperty(name = "psd2.providers.sandbox.bank-url")
    String bankUrl;

    private static Response create(String uri, String preferred) {
        Map<String, String> headers = Signed.redirectHeaders();
        if (uri != null) {
            headers.put("TPP-Notification-URI", uri);
        }
        if (preferred != null) {
            headers.put("TPP-Notification-Content-Preferred", preferred);
        }
        return Signed.post(Tpps.ALPHA, Signed.AIS, headers, Signed.aisBody(null, 4, true, Psu.PSU1_MAIN));
    }

    /** Runs the pending notification tasks ({@link PendingNotifications}); answers what the receiver has then. */
    private List<NotificationReceiver.Received> deliver(NotificationReceiver receiver) {
        PendingNotifications.deliver(queue, dataSource);
        return receiver.received();
    }

    private static List<String> values(List<NotificationReceiver.Received> received, String field) {
        List<String> values = new ArrayList<>();
        for (NotificationReceiver.Received r : received) {
            String value = JsonPath.from(r.text()).getString(field);
            if (value != null) {
                values.add(value);
            }
        }
        return values;
    }

    @Test
    void eachChangeOfAConsentArrivesSignedAndInOrder() {
        try (NotificationReceiver receiver = new NotificationReceiver().start()) {
            Response created = create(receiver.url("/tpp/notifications"), null);
            assertEquals(201, created.statusCode(), created.asString());
            assertEquals("true", created.header("ASPSP-Notification-Support"));
            assertEquals("status=SCA,PROCESS", created.header("ASPSP-Notification-Content"));
            String id = created.jsonPath().getString("consentId");
            assertEquals(302, Psu.approve(created.jsonPath().getString("_links.scaRedirect.href")).statusCode());
            assertEquals(204, Signed.delete(Tpps.ALPHA, Signed.AIS + "/" + id).statusCode());

            List<NotificationReceiver.Received> received = deliver(receiver);
            for (NotificationReceiver.Received r : received) {
                r.verify(GatewaySealResource.certificate());
                assertEquals("POST", r.method());
                assertEquals("/tpp/notifications", r.path());
                JsonPath body = JsonPath.from(r.text());
                assertEquals(id, body.getString("resourceId"));
                assertEquals("consent", body.getString("resourceType"));
                assertEquals(Signed.AIS + "/" + id, body.getString("_links.self.href"));
                assertTrue(body.getString("time").endsWith("Z"), r.text());
            }
            assertEquals(List.of("received", "valid", "terminatedByTpp"), values(received, "consentStatus"));
            List<String> sca = values(received, "scaStatus");
            assertEquals("finalised", sca.get(sca.size() - 1), sca.toString());
            // in order of the changes: each machine's statuses as they moved, delivered in the order they were made
            Instant previous = Instant.EPOCH;
            for (NotificationReceiver.Received r : received) {
                Instant time = Instant.parse(JsonPath.from(r.text()).getString("time"));
                assertTrue(!time.isBefore(previous), received.toString());
                previous = time;
            }
            deliver(receiver);
            assertEquals(received.size(), receiver.received().size(), "each one once");
        }
    }

    @Test
    void lastSendsOnlyTheFinalStatus() {
        try (NotificationReceiver receiver = new NotificationReceiver().start()) {
            Response created = create(receiver.url("/n"), "status=LAST");
            assertEquals(201, created.statusCode(), created.asString());
            assertEquals("status=LAST", created.header("ASPSP-Notification-Content"));
            String id = created.jsonPath().getString("consentId");
            assertEquals(302, Psu.approve(created.jsonPath().getString("_links.scaRedirect.href")).statusCode());
            assertEquals(204, Signed.delete(Tpps.ALPHA, Signed.AIS + "/" + id).statusCode());
            List<NotificationReceiver.Received> received = deliver(receiver);
            deliver(receiver);
            assertEquals(1, receiver.received().size(), receiver.received().toString());
            assertEquals("terminatedByTpp", JsonPath.from(received.get(0).text()).getString("consentStatus"));
        }
    }

    @Test
    void aReceiverThatIsDownGetsThemWhenItIsBack() {
        NotificationReceiver receiver = new NotificationReceiver();
        Response created = create(receiver.url("/n"), "status=PROCESS");
        assertEquals(201, created.statusCode(), created.asString());
        String id = created.jsonPath().getString("consentId");
        assertEquals(302, Psu.approve(created.jsonPath().getString("_links.scaRedirect.href")).statusCode());
        deliver(receiver);
        assertTrue(receiver.received().isEmpty());
        String metrics = given().get("/q/metrics").asString();
        assertTrue(metrics.contains("xs2a_notification_attempts_total{outcome=\"failed\",tpp=\""
                + Tpps.ALPHA.tppId() + "\"}"), "every failed attempt is counted per TPP");
        try (receiver) {
            receiver.start();
            List<NotificationReceiver.Received> received = deliver(receiver);
            received.forEach(r -> r.verify(GatewaySealResource.certificate()));
            assertEquals(List.of("received", "valid"), values(received, "consentStatus"));
            assertEquals(id, JsonPath.from(received.get(0).text()).getString("resourceId"));
        }
        assertTrue(given().get("/q/metrics").asString().contains("xs2a_notification_attempts_total{outcome=\"delivered\""
                + ",tpp=\"" + Tpps.ALPHA.tppId() + "\"}"));
    }

    @Test
    void withoutAUriNothingIsAnswered() {
        Response created = create(null, "status=SCA");
        assertEquals(201, created.statusCode(), created.asString());
        assertNull(created.header("ASPSP-Notification-Support"));
    }

    @Test
    void badNotificationHeadersAreFormatErrors() {
        String[] uris = {"not a uri", "https://tpp.elsewhere.example/n", "http://tpp.example/n",
                "https://localhost/n#fragment", "ftp://localhost/n"};
        for (String uri : uris) {
            Response refused = create(uri, null);
            assertError(refused, 400, "FormatError", "FORMAT_ERROR");
            assertTrue(refused.asString().contains("TPP-Notification-URI"), refused.asString());
        }
        String[] preferred = {"SCA", "status=", "status=SCA,SCA", "status=SCA,ALL", "state=SCA"};
        for (String value : preferred) {
            Response refused = create("http://localhost:1/n", value);
            assertError(refused, 400, "FormatError", "FORMAT_ERROR");
            assertTrue(refused.asString().contains("TPP-Notification-Content-Preferred"), refused.asString());
        }
    }

    private static final String BASKETS = "/sandbox/api/berlingroup/v1/signing-baskets";

    private static Response createBasket(Map<String, String> extra, String consentId) {
        Map<String, String> headers = Signed.redirectHeaders();
        headers.put("PSU-IP-Address", "192.0.2.1");
        headers.putAll(extra);
        return Signed.post(Tpps.ALPHA, BASKETS, headers, "{\"consentIds\": [\"" + consentId + "\"]}");
    }

    @Test
    void aBasketNotifiesItsTransactionStatusAndScaStatus() {
        try (NotificationReceiver receiver = new NotificationReceiver().start()) {
            String consentId = create(null, null).jsonPath().getString("consentId");
            Response created = createBasket(Map.of("TPP-Notification-URI", receiver.url("/basket")), consentId);
            assertEquals(201, created.statusCode(), created.asString());
            assertEquals("true", created.header("ASPSP-Notification-Support"));
            assertEquals("status=SCA,PROCESS", created.header("ASPSP-Notification-Content"));
            String basketId = created.jsonPath().getString("basketId");
            assertEquals(302, Psu.approve(created.jsonPath().getString("_links.scaRedirect.href")).statusCode());

            List<NotificationReceiver.Received> received = deliver(receiver);
            for (NotificationReceiver.Received r : received) {
                r.verify(GatewaySealResource.certificate());
                JsonPath body = JsonPath.from(r.text());
                assertEquals(basketId, body.getString("resourceId"));
                assertEquals("basket", body.getString("resourceType"));
                assertEquals(BASKETS + "/" + basketId, body.getString("_links.self.href"));
            }
            assertEquals(List.of("ACTC"), values(received, "transactionStatus"));
            List<String> sca = values(received, "scaStatus");
            assertEquals("finalised", sca.get(sca.size() - 1), sca.toString());
            String authorisationId = created.jsonPath().getString("_links.scaStatus.href").replaceAll(".*/", "");
            received.stream().filter(r -> r.text().contains("scaStatus")).forEach(r -> assertEquals(authorisationId,
                    JsonPath.from(r.text()).getString("authorisationId")));
        }
    }

    @Test
    void anExplicitStartReplacesTheSubscription() {
        try (NotificationReceiver receiver = new NotificationReceiver().start()) {
            Map<String, String> headers = new java.util.LinkedHashMap<>();
            headers.put("TPP-Redirect-Preferred", "false");
            headers.put("PSU-ID", "psu1");
            Response consent = Signed.post(Tpps.ALPHA, Signed.AIS, headers,
                    Signed.aisBody(null, 4, true, Psu.PSU1_MAIN));
            assertEquals(201, consent.statusCode(), consent.asString());
            assertEquals("EMBEDDED", consent.header("ASPSP-SCA-Approach"));
            String id = consent.jsonPath().getString("consentId");
            deliver(receiver);
            assertTrue(receiver.received().isEmpty(), "no wishes yet");

            String authorisations = Signed.AIS + "/" + id + "/authorisations";
            assertError(Signed.post(Tpps.ALPHA, authorisations,
                    Map.of("TPP-Notification-URI", "https://tpp.elsewhere.example/n"), ""), 400, "FormatError",
                    "FORMAT_ERROR");
            Response started = Signed.post(Tpps.ALPHA, authorisations, Map.of("TPP-Notification-URI",
                    receiver.url("/start"), "TPP-Notification-Content-Preferred", "status=SCA"), "");
            assertEquals(201, started.statusCode(), started.asString());
            assertEquals("true", started.header("ASPSP-Notification-Support"));
            assertEquals("status=SCA", started.header("ASPSP-Notification-Content"));
            String authorisationId = started.jsonPath().getString("authorisationId");
            assertEquals(200, Signed.put(Tpps.ALPHA, authorisations + "/" + authorisationId, Map.of("PSU-ID", "psu1"),
                    "{\"psuData\":{\"password\":\"sandbox\"}}").statusCode());

            List<NotificationReceiver.Received> received = deliver(receiver);
            received.forEach(r -> assertEquals("/start", r.path()));
            assertEquals(List.of("failed", "psuAuthenticated"), values(received, "scaStatus"),
                    "the replaced authorisation's end and the new one's step");
            assertEquals(authorisationId, JsonPath.from(received.get(1).text()).getString("authorisationId"));
            assertTrue(values(received, "consentStatus").isEmpty(), "status=SCA only");
        }
    }

    @Test
    void aBasketsBadNotificationHeadersAreFormatErrors() {
        String consentId = create(null, null).jsonPath().getString("consentId");
        Response refused = createBasket(Map.of("TPP-Notification-URI", "https://tpp.elsewhere.example/n"), consentId);
        assertError(refused, 400, "FormatError", "FORMAT_ERROR");
        assertTrue(refused.asString().contains("TPP-Notification-URI"), refused.asString());
        refused = createBasket(Map.of("TPP-Notification-URI", "http://localhost:1/n",
                "TPP-Notification-Content-Preferred", "status=ALL"), consentId);
        assertError(refused, 400, "FormatError", "FORMAT_ERROR");
        assertTrue(refused.asString().contains("TPP-Notification-Content-Preferred"), refused.asString());
        Response created = createBasket(Map.of(), consentId);
        assertEquals(201, created.statusCode(), "the refusals took nothing: " + created.asString());
        assertNull(created.header("ASPSP-Notification-Support"));
        String authorisations = BASKETS + "/" + created.jsonPath().getString("basketId") + "/authorisations";
        assertError(Signed.post(Tpps.ALPHA, authorisations, Map.of("TPP-Notification-URI", "ftp://localhost/n"), ""),
                400, "FormatError", "FORMAT_ERROR");
        // a redirect basket's authorisation started with it
        assertError(Signed.post(Tpps.ALPHA, authorisations, Map.of("TPP-Notification-URI", "http://localhost:1/n"),
                ""), 409, "StatusInvalid", "STATUS_INVALID");
    }

    /**
     * A decoupled basket approved in the PSU's app, which the TPP never reads: the bank's event of a member consent
     * has the gateway ask the bank about the basket (task basket-bank-sync), and its notifications go out.
     */
    @Test
    void aDecoupledBasketNotifiesWithoutTheTppReadingIt() throws Exception {
        try (NotificationReceiver receiver = new NotificationReceiver().start()) {
            Response consent = Signed.post(Tpps.ALPHA, Signed.AIS, Signed.redirectHeaders(),
                    Signed.aisBody(null, 4, true, "DE65100200300800000029")); // psu-decoupled's account
            assertEquals(201, consent.statusCode(), consent.asString());
            String consentId = consent.jsonPath().getString("consentId");
            Response created = createBasket(Map.of("TPP-Redirect-Preferred", "false", "PSU-ID", "psu-decoupled",
                    "TPP-Notification-URI", receiver.url("/basket"), "TPP-Notification-Content-Preferred",
                    "status=SCA,LAST"), consentId);
            assertEquals(201, created.statusCode(), created.asString());
            assertEquals("DECOUPLED", created.header("ASPSP-SCA-Approach"));
            String basketId = created.jsonPath().getString("basketId");

            // the app answers after sandbox.decoupled-delay; the bank's view, not the gateway's, is watched
            String bankBasketId = column("select bank_basket_id from signing_basket where id = ?", basketId);
            long deadline = System.nanoTime() + java.time.Duration.ofSeconds(15).toNanos();
            String atBank = null;
            while (System.nanoTime() < deadline && !"ACTC".equals(atBank)) {
                Thread.sleep(250);
                atBank = given().header("Authorization", "Bearer " + SandboxBank.CREDENTIAL)
                        .get(bankUrl + "/bank/v1/signing-baskets/" + bankBasketId).jsonPath()
                        .getString("transactionStatus");
            }
            assertEquals("ACTC", atBank);
            // the member consent's status event, as the bank sends it
            String event = "{\"eventId\":\"" + java.util.UUID.randomUUID() + "\",\"resource\":\"consent\","
                    + "\"bankConsentId\":\"" + column("select bank_consent_id from consent where id = ?", consentId)
                    + "\",\"status\":\"valid\",\"occurredAt\":\"" + Instant.now() + "\"}";
            assertEquals(204, given().header("Authorization", "Bearer " + SandboxBank.CREDENTIAL)
                    .contentType("application/json").body(event).post("/internal/v1/bank-events").statusCode());
            queue.runNow(BasketSyncTask.TYPE, basketId);

            List<NotificationReceiver.Received> received = deliver(receiver);
            received.forEach(r -> r.verify(GatewaySealResource.certificate()));
            received.forEach(r -> assertEquals("basket", JsonPath.from(r.text()).getString("resourceType")));
            assertEquals(List.of("scaMethodSelected", "finalised"), values(received, "scaStatus"));
            assertEquals(List.of("ACTC"), values(received, "transactionStatus"));
        }
    }

    private String column(String sql, String id) throws java.sql.SQLException {
        try (var connection = dataSource.getConnection(); var query = connection.prepareStatement(sql)) {
            query.setString(1, id);
            try (var rows = query.executeQuery()) {
                assertTrue(rows.next(), sql);
                return rows.getString(1);
            }
        }
    }
}
