package eu.xs2a.sandbox;

import static eu.xs2a.sandbox.Bank.api;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import eu.xs2a.sandbox.persistence.ConsentRepository;
import io.agroal.api.AgroalDataSource;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Status events (BANK-API.md "Status events"): written with the change, delivered to the gateway's receivers (here a
 * local HTTP server) with the service credential, retried while the receiver is down; psu-revoked-later's consents
 * revoked by the bank after sandbox.revoked-later-delay (2 s in tests).
 */
@QuarkusTest
@QuarkusTestResource(value = EventReceiver.class, restrictToAnnotatedClass = true)
class StatusEventTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Inject AgroalDataSource dataSource;
    @Inject ConsentRepository consents;

    private static String login(String psu) {
        return Forms.given().formParam("username", psu).formParam("password", "sandbox")
                .post("/online-banking/login").then().statusCode(303).extract().cookie("SANDBOX_OB");
    }

    private static JsonNode json(String body) {
        try {
            return JSON.readTree(body);
        } catch (java.io.IOException e) {
            throw new AssertionError(body, e);
        }
    }

    /** The outbox rows of a consent or payment: status, delivered_at set, attempts. */
    private List<Map<String, Object>> outbox(String resourceId) {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement query = connection.prepareStatement(
                     "select status, delivered_at is not null, attempts from bank_event where resource_id = ? order by occurred_at")) {
            query.setString(1, resourceId);
            List<Map<String, Object>> rows = new java.util.ArrayList<>();
            try (ResultSet row = query.executeQuery()) {
                while (row.next()) {
                    rows.add(Map.of("status", row.getString(1), "delivered", row.getBoolean(2), "attempts", row.getInt(3)));
                }
            }
            return rows;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Multilevel SCA: the first of two signatures is a partiallyAuthorised event, the second a valid one. */
    @Test
    void eachSignatureOfACorporateConsentIsAnEvent() {
        Response created = Bank.registerConsent(Bank.aisConsent(Bank.allPsd2(), null));
        String consent = created.path("bankConsentId");
        PsuBrowser.approve(created.path("scaUrl"), "psu-corp-a");
        Bank.eventually(() -> !EventReceiver.of(consent).isEmpty(), "the partiallyAuthorised event is delivered");
        assertEquals("partiallyAuthorised", json(EventReceiver.of(consent).get(0).body()).path("status").asText());
        PsuBrowser.approve(created.path("scaUrl"), "psu-corp-b");
        Bank.eventually(() -> EventReceiver.of(consent).size() == 2, "the valid event is delivered");
        assertEquals("valid", json(EventReceiver.of(consent).get(1).body()).path("status").asText());
    }

    @Test
    void aRevokeIsInTheOutboxAndAtTheGatewayBeforeThePsuSeesThePage() {
        String consent = Bank.validConsent(Bank.allPsd2(), "psu1");
        Bank.eventually(() -> !EventReceiver.of(consent).isEmpty(), "the valid event is delivered");
        assertEquals("valid", json(EventReceiver.of(consent).get(0).body()).path("status").asText());

        Forms.given().cookie("SANDBOX_OB", login("psu1")).post("/online-banking/consents/" + consent + "/revoke")
                .then().statusCode(303);
        // no waiting: the page was answered after the immediate attempt
        List<EventReceiver.Received> received = EventReceiver.of(consent);
        assertEquals(2, received.size(), received.toString());
        EventReceiver.Received revoked = received.get(1);
        assertEquals(EventReceiver.CONSENT_PATH, revoked.path());
        assertEquals("Bearer " + Bank.CREDENTIAL, revoked.authorization());
        JsonNode body = json(revoked.body());
        UUID.fromString(body.path("eventId").asText());
        assertEquals("consent", body.path("resource").asText());
        assertEquals(consent, body.path("bankConsentId").asText());
        assertEquals("revokedByPsu", body.path("status").asText());
        assertTrue(body.path("statusReason").isMissingNode(), revoked.body());
        assertTrue(body.path("occurredAt").asText().endsWith("Z"), revoked.body());
        Instant.parse(body.path("occurredAt").asText());

        List<Map<String, Object>> rows = outbox(consent);
        assertEquals(List.of("valid", "revokedByPsu"), rows.stream().map(r -> r.get("status")).toList());
        assertTrue(rows.stream().allMatch(r -> (Boolean) r.get("delivered")), rows.toString());
    }

    @Test
    void anEventIsDeliveredAgainOnceTheGatewayIsBack() {
        String consent = Bank.validConsent(Bank.allPsd2(), "psu1");
        Bank.eventually(() -> !EventReceiver.of(consent).isEmpty(), "the valid event is delivered");
        EventReceiver.down();
        try {
            Forms.given().cookie("SANDBOX_OB", login("psu1")).post("/online-banking/consents/" + consent + "/revoke")
                    .then().statusCode(303);
            api().get("/bank/v1/consents/" + consent).then().body("status", equalTo("revokedByPsu"));
            Map<String, Object> pending = outbox(consent).get(1);
            assertEquals(false, pending.get("delivered"));
            assertTrue((Integer) pending.get("attempts") >= 1, pending.toString());
            assertEquals(1, EventReceiver.of(consent).size());
        } finally {
            EventReceiver.up();
        }
        Bank.eventually(() -> EventReceiver.of(consent).size() == 2, "the revoke is delivered once the gateway is back");
        assertEquals("revokedByPsu", json(EventReceiver.of(consent).get(1).body()).path("status").asText());
        Bank.eventually(() -> (Boolean) outbox(consent).get(1).get("delivered"), "the outbox row is marked delivered");
    }

    @Test
    void psuRevokedLatersConsentIsRevokedByTheBankAfterTheDelay() {
        Response created = Bank.registerConsent(Bank.aisConsent(Bank.allPsd2(), null));
        String consent = created.path("bankConsentId");
        PsuBrowser.approve(created.path("scaUrl"), "psu-revoked-later");
        Instant approved = Instant.now();
        api().get("/bank/v1/consents/" + consent).then().body("status", equalTo("valid"));
        Bank.eventually(() -> "revokedByPsu".equals(api().get("/bank/v1/consents/" + consent).path("status")),
                "psu-revoked-later's consent is revoked");
        assertTrue(Instant.now().isAfter(approved.plusMillis(1500)), "not before the delay (2 s)");
        Bank.eventually(() -> EventReceiver.of(consent).stream()
                .anyMatch(r -> "revokedByPsu".equals(json(r.body()).path("status").asText())), "the gateway is told");
        String psu = login("psu-revoked-later");
        given().cookie("SANDBOX_OB", psu).get("/online-banking").then().statusCode(200);
    }

    @Test
    void aConsentTheBankEndsIsToldAsTerminatedByBank() {
        String consent = Bank.validConsent(Bank.allPsd2(), "psu1");
        QuarkusTransaction.requiringNew().run(() -> consents.findById(consent).terminateByBank(Instant.now()));
        api().get("/bank/v1/consents/" + consent).then().body("status", equalTo("terminatedByBank"));
        Bank.eventually(() -> EventReceiver.of(consent).stream()
                .anyMatch(r -> "terminatedByBank".equals(json(r.body()).path("status").asText())), "the gateway is told");
    }

    @Test
    void aPaymentsStatusChangesGoToThePaymentReceiver() {
        Response submitted = Bank.submitPayment(Bank.payment(Bank.PSU1_MAIN, "12.34"));
        String payment = submitted.path("bankPaymentId");
        PsuBrowser.approve(submitted.path("scaUrl"), "psu1");
        Bank.eventually(() -> EventReceiver.of(payment).stream()
                .anyMatch(r -> "ACSC".equals(json(r.body()).path("status").asText())), "the settlement is told");
        List<EventReceiver.Received> received = EventReceiver.of(payment);
        assertTrue(received.stream().allMatch(r -> EventReceiver.PAYMENT_PATH.equals(r.path())), received.toString());
        JsonNode first = json(received.get(0).body());
        assertEquals("payment", first.path("resource").asText());
        assertEquals(payment, first.path("bankPaymentId").asText());
        assertNull(first.get("bankConsentId"));
        assertNotNull(first.get("eventId"));
        assertEquals(List.of("ACSP", "ACSC"), received.stream().map(r -> json(r.body()).path("status").asText())
                .filter(s -> !"ACTC".equals(s)).toList());
    }
}
