package eu.xs2a.payment;

import static eu.xs2a.payment.support.Payments.id;
import static eu.xs2a.payment.support.Payments.status;
import static eu.xs2a.payment.support.Tpps.ALPHA;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.payment.support.Await;
import eu.xs2a.payment.support.BankSandboxResource;
import eu.xs2a.payment.support.Errors;
import eu.xs2a.payment.support.GatewayDb;
import eu.xs2a.payment.support.PaymentTaskTestBase;
import eu.xs2a.payment.support.Payments;
import eu.xs2a.payment.support.Tpps;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.time.Instant;
import java.util.Objects;
import java.util.UUID;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

/**
 * The bank's payment status events (POST /internal/v1/bank-events): the bank's credential, malformed and unknown
 * events, and events applied through the payment's state machine as a status check applies the bank's answer, seen by
 * the TPP's status read; replays and late events change nothing. The payments are real ones, submitted to the
 * sandbox bank; the events are what the bank would send.
 */
@QuarkusTest
class BankStatusEventTest extends PaymentTaskTestBase {

    private static final String EVENTS = "/internal/v1/bank-events";

    @ConfigProperty(name = "psd2.providers.sandbox.bank-credential")
    String credential;

    /** A payment of sandbox submitted to the bank (RCVD, nobody authorised it): its self link and bank id. */
    private record Submitted(String self, String bankPaymentId) {
    }

    private Submitted submitted(String amount) {
        String self = Payments.create(ALPHA, amount);
        GatewayDb db = new GatewayDb(dataSource);
        String bankId = Await.until(() -> db.bankPaymentId(id(self)), Objects::nonNull, "the bank's id");
        return new Submitted(self, bankId);
    }

    private static String event(String eventId, String bankPaymentId, String status, String reason) {
        return """
                {"eventId": "%s", "resource": "payment", "bankPaymentId": "%s", "status": "%s"%s,
                 "occurredAt": "%s"}""".formatted(eventId, bankPaymentId, status,
                reason == null ? "" : ", \"statusReason\": \"" + reason + "\"", Instant.now());
    }

    private static String event(String bankPaymentId, String status) {
        return event(UUID.randomUUID().toString(), bankPaymentId, status, null);
    }

    private static RequestSpecification as(String authorization) {
        RequestSpecification spec = given().config(Tpps.RAW).contentType("application/json");
        return authorization == null ? spec : spec.header("Authorization", authorization);
    }

    private Response send(String body) {
        return as("Bearer " + credential).body(body).post(EVENTS);
    }

    @Test
    void theBanksCredentialIsRequired() {
        Submitted payment = submitted("1.10");
        String rjct = event(payment.bankPaymentId(), "RJCT");
        Errors.expect(as(null).body(rjct).post(EVENTS), 401, "AccessDenied");
        Errors.expect(as("Bearer wrong-" + credential).body(rjct).post(EVENTS), 401, "AccessDenied");
        Errors.expect(as("Basic " + credential).body(rjct).post(EVENTS), 401, "AccessDenied");
        Errors.expect(as("Bearer ").body(rjct).post(EVENTS), 401, "AccessDenied");
        // the credential is checked before the body is read
        Errors.expect(as("Bearer wrong").body("{").post(EVENTS), 401, "AccessDenied");
        // another provider's bank: its credential is a real one, but the payment is not of its provider
        Errors.expect(as("Bearer " + BankSandboxResource.OTHER_BANK_CREDENTIAL).body(rjct).post(EVENTS), 404,
                "ResourceUnknown");
        assertEquals("RCVD", status(payment.self()));
        // the scheme in any case
        as("bearer " + credential).body(rjct).post(EVENTS).then().statusCode(204);
        assertEquals("RJCT", status(payment.self()));
    }

    @Test
    void malformedEventsAreFormatErrors() {
        Submitted payment = submitted("1.20");
        String id = payment.bankPaymentId();
        String uuid = UUID.randomUUID().toString();
        Errors.expect(send(""), 400, "FormatError");
        Errors.expect(send("not json"), 400, "FormatError");
        Errors.expect(send("[]"), 400, "FormatError");
        Errors.expect(send("{}"), 400, "FormatError");
        Errors.expect(send(event("not-a-uuid", id, "RJCT", null)), 400, "FormatError")
                .body("tppMessages[0].text", containsString("eventId"));
        Errors.expect(send(event(id, "ACCP")), 400, "FormatError")
                .body("tppMessages[0].text", containsString("status"));
        Errors.expect(send(event(uuid, id, "RJCT", "AM04 \\u0007")), 400, "FormatError")
                .body("tppMessages[0].text", containsString("statusReason"));
        Errors.expect(send(event(id, "RJCT").replace("\"payment\"", "\"consent\"")), 400, "FormatError")
                .body("tppMessages[0].text", containsString("resource"));
        Errors.expect(send(event(id, "RJCT").replaceAll("\"occurredAt\": \"[^\"]+\"",
                "\"occurredAt\": \"yesterday\"")), 400, "FormatError")
                .body("tppMessages[0].text", containsString("occurredAt"));
        Errors.expect(send(event(id, "RJCT").replaceAll(",\\s*\"occurredAt\": \"[^\"]+\"", "")), 400,
                "FormatError").body("tppMessages[0].text", containsString("occurredAt"));
        Errors.expect(as("Bearer " + credential).contentType("text/plain").body(event(id, "RJCT")).post(EVENTS), 400,
                "FormatError");
        assertEquals("RCVD", status(payment.self()));
    }

    @Test
    void anUnknownBankPaymentIdIsResourceUnknown() {
        Errors.expect(send(event("no-such-payment-" + UUID.randomUUID(), "ACSC")), 404, "ResourceUnknown");
    }

    @Test
    void aRejectionIsAppliedWithItsReasonAndReplaysChangeNothing() {
        Submitted payment = submitted("1.30");
        GatewayDb db = new GatewayDb(dataSource);
        Instant heardBefore = db.bankHeardAt(id(payment.self()));
        String eventId = UUID.randomUUID().toString();
        String rjct = event(eventId, payment.bankPaymentId(), "RJCT", "AM04");
        send(rjct).then().statusCode(204);
        Tpps.get(ALPHA, payment.self() + "/status").then().statusCode(200)
                .body("transactionStatus", equalTo("RJCT"));
        assertEquals("AM04", db.statusReason(id(payment.self())));
        Instant heard = db.bankHeardAt(id(payment.self()));
        assertTrue(heardBefore == null || heard.isAfter(heardBefore), "the event counts as hearing from the bank");
        // the same event again, and a new event of the same status: nothing changes
        send(rjct).then().statusCode(204);
        send(event(payment.bankPaymentId(), "RJCT")).then().statusCode(204);
        // nor does a later status of a payment already final
        send(event(payment.bankPaymentId(), "ACSC")).then().statusCode(204);
        assertEquals("RJCT", status(payment.self()));
        assertEquals("AM04", db.statusReason(id(payment.self())));
    }

    @Test
    void aCancellationIsApplied() {
        Submitted payment = submitted("1.40");
        send(event(payment.bankPaymentId(), "CANC")).then().statusCode(204);
        assertEquals("CANC", status(payment.self()));
        // a cancelled payment's open authorisation can never complete
        String authorisation = Tpps.get(ALPHA, payment.self() + "/authorisations").path("authorisationIds[0]");
        Tpps.get(ALPHA, payment.self() + "/authorisations/" + authorisation).then()
                .body("scaStatus", equalTo("failed"));
    }

    @Test
    void anExecutionIsAppliedAndAnOlderStatusArrivingLateIsIgnored() {
        Submitted payment = submitted("1.50");
        send(event(payment.bankPaymentId(), "ACSC")).then().statusCode(204);
        assertEquals("ACSC", status(payment.self()));
        // out of order: ACSP was sent before ACSC but arrives after it
        send(event(payment.bankPaymentId(), "ACSP")).then().statusCode(204);
        send(event(payment.bankPaymentId(), "RCVD")).then().statusCode(204);
        assertEquals("ACSC", status(payment.self()));
        // executed: no longer cancellable
        Errors.expect(Tpps.send(ALPHA, "DELETE", payment.self(), java.util.Map.of("TPP-Redirect-URI",
                Payments.TPP_OK), null), 405, "CancellationInvalid");
    }
}
