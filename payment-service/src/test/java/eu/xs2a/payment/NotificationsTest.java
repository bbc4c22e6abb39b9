package eu.xs2a.payment;

import static eu.xs2a.payment.support.Payments.SCT;
import static eu.xs2a.payment.support.Payments.TPP_NOK;
import static eu.xs2a.payment.support.Payments.TPP_OK;
import static eu.xs2a.payment.support.Payments.status;
import static eu.xs2a.payment.support.Tpps.ALPHA;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.payment.support.Errors;
import eu.xs2a.payment.support.Payments;
import eu.xs2a.payment.support.Sca;
import eu.xs2a.payment.support.Tpps;
import eu.xs2a.testsupport.BankDates;
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
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Notifications of a payment's changes (docs/ARCHITECTURE.md "Notifications"): a real receiver on localhost gets each
 * transactionStatus and scaStatus change of a payment, a periodic payment and a cancellation, signed with the gateway
 * seal and in order; bad headers are FormatError. The notification tasks are run by hand ({@link TaskQueue#runNow}).
 */
@QuarkusTest
@QuarkusTestResource(value = GatewaySealResource.class, restrictToAnnotatedClass = false)
class NotificationsTest {

    private static final String PERIODIC = "/sandbox/api/berlingroup/v1/periodic-payments/" + SCT;

    @Inject TaskQueue queue;
    @Inject AgroalDataSource dataSource;

    private static Map<String, String> headers(String uri, String preferred) {
        Map<String, String> headers = Payments.headers();
        if (uri != null) {
            headers.put("TPP-Notification-URI", uri);
        }
        if (preferred != null) {
            headers.put("TPP-Notification-Content-Preferred", preferred);
        }
        return headers;
    }

    /** Runs the pending notification tasks ({@link PendingNotifications}); answers what the receiver has then. */
    private List<NotificationReceiver.Received> deliver(NotificationReceiver receiver) {
        PendingNotifications.deliver(queue, dataSource);
        return receiver.received();
    }

    /** "sca:<status>" or the transactionStatus of each notification, in order of arrival; each verified. */
    private static List<String> events(List<NotificationReceiver.Received> received, String self, String type) {
        List<String> events = new ArrayList<>();
        for (NotificationReceiver.Received r : received) {
            r.verify(GatewaySealResource.certificate());
            JsonPath body = JsonPath.from(r.text());
            assertEquals(self, body.getString("_links.self.href"), r.text());
            assertEquals(self.substring(self.lastIndexOf('/') + 1), body.getString("resourceId"));
            String sca = body.getString("scaStatus");
            if (sca != null) {
                events.add(body.getString("resourceType") + ":" + sca);
            } else {
                assertEquals("payment", body.getString("resourceType"));
                events.add(body.getString("transactionStatus"));
            }
        }
        return events;
    }

    @Test
    void eachChangeOfAPaymentArrivesSignedAndInOrder() {
        try (NotificationReceiver receiver = new NotificationReceiver().start()) {
            Response created = Payments.initiate(ALPHA, "sandbox", SCT, headers(receiver.url("/n"), null),
                    Payments.body("3.00"));
            assertEquals(201, created.statusCode(), created.asString());
            assertEquals("true", created.header("ASPSP-Notification-Support"));
            assertEquals("status=SCA,PROCESS", created.header("ASPSP-Notification-Content"));
            String self = created.path("_links.self.href");
            assertEquals(TPP_OK, Sca.approve(created.path("_links.scaRedirect.href"), "psu1"));
            String last = status(self);

            List<String> events = events(deliver(receiver), self, "payment");
            deliver(receiver);
            assertEquals(events.size(), receiver.received().size(), "each one once");
            assertTrue(events.contains("payment:finalised"), events.toString());
            List<String> statuses = events.stream().filter(e -> !e.contains(":")).toList();
            assertTrue(statuses.contains(last), events.toString());
            assertEquals(statuses.stream().distinct().toList(), statuses, "each status once, in order");
        }
    }

    @Test
    void aPeriodicPaymentIsNamedByItsOwnPathAndItsCancellationToo() {
        try (NotificationReceiver receiver = new NotificationReceiver().start()) {
            String start = BankDates.today("sandbox").plusDays(30).toString();
            String body = """
                    {"instructedAmount": {"currency": "EUR", "amount": "25.00"},
                     "debtorAccount": {"iban": "DE48100200300100000029"},
                     "creditorAccount": {"iban": "%s"}, "creditorName": "Merchant GmbH",
                     "remittanceInformationUnstructured": "Rent", "startDate": "%s",
                     "executionRule": "following", "frequency": "Monthly", "dayOfExecution": "1"}
                    """.formatted(Payments.CREDITOR_IBAN, start);
            Response created = Tpps.send(ALPHA, "POST", PERIODIC, Payments.headers(), body);
            assertEquals(201, created.statusCode(), created.asString());
            String self = created.path("_links.self.href");
            assertTrue(self.startsWith(PERIODIC + "/"), self);
            assertEquals(TPP_OK, Sca.approve(created.path("_links.scaRedirect.href"), "psu1"));

            // the TPP asks for notifications at the cancellation (none were asked for at the initiation)
            Map<String, String> cancel = new LinkedHashMap<>(Map.of("TPP-Redirect-URI", TPP_OK,
                    "TPP-Nok-Redirect-URI", TPP_NOK, "TPP-Notification-URI", receiver.url("/cancel")));
            Response started = Tpps.send(ALPHA, "DELETE", self, cancel, null);
            assertEquals(202, started.statusCode(), started.asString());
            assertEquals("true", started.header("ASPSP-Notification-Support"));
            assertEquals(TPP_OK, Sca.approve(started.path("_links.scaRedirect.href"), "psu1"));
            assertEquals("CANC", status(self));

            List<String> events = events(deliver(receiver), self, "cancellation");
            assertTrue(events.contains("cancellation:finalised"), events.toString());
            List<String> statuses = events.stream().filter(e -> !e.contains(":")).toList();
            assertEquals("CANC", statuses.get(statuses.size() - 1), events.toString());
        }
    }

    /**
     * The Berlin Group takes the notification headers at the start of an authorisation too: they set (or replace) the
     * payment's subscription and are answered as at the initiation; a refused host is a FormatError at either start.
     */
    @Test
    void anAuthorisationStartSubscribesThePaymentAndRefusesABadHost() {
        try (NotificationReceiver receiver = new NotificationReceiver().start()) {
            Response created = Payments.initiate(ALPHA, "sandbox", SCT,
                    Payments.headers("TPP-Explicit-Authorisation-Preferred", "true"), Payments.body("4.00"));
            assertEquals(201, created.statusCode(), created.asString());
            assertEquals(null, created.header("ASPSP-Notification-Support"), "none asked for at the initiation");
            String self = created.path("_links.self.href");
            for (String start : new String[] {"/authorisations", "/cancellation-authorisations"}) {
                Errors.expect(Tpps.send(ALPHA, "POST", self + start, headers(
                        "https://tpp.elsewhere.example/n", null), null), 400, "FormatError");
            }

            Response started = Tpps.send(ALPHA, "POST", self + "/authorisations",
                    headers(receiver.url("/start"), "status=SCA"), null);
            assertEquals(201, started.statusCode(), started.asString());
            assertEquals("true", started.header("ASPSP-Notification-Support"));
            assertEquals("status=SCA", started.header("ASPSP-Notification-Content"));
            assertEquals(TPP_OK, Sca.approve(started.path("_links.scaRedirect.href"), "psu1"));

            List<String> events = events(deliver(receiver), self, "payment");
            assertTrue(events.contains("payment:finalised"), events.toString());
            assertTrue(events.stream().allMatch(e -> e.startsWith("payment:")), "SCA only: " + events);
        }
    }

    @Test
    void badNotificationHeadersAreFormatErrors() {
        for (String uri : new String[] {"not a uri", "https://tpp.elsewhere.example/n", "http://tpp.example/n"}) {
            Errors.expect(Payments.initiate(ALPHA, "sandbox", SCT, headers(uri, null), Payments.body("1.00")), 400,
                    "FormatError");
        }
        for (String preferred : new String[] {"status=SCA,SCA", "status=NONE", "LAST"}) {
            Errors.expect(Payments.initiate(ALPHA, "sandbox", SCT, headers("http://localhost:1/n", preferred),
                    Payments.body("1.00")), 400, "FormatError");
        }
        String self = Payments.create(ALPHA, "1.00");
        Errors.expect(Tpps.send(ALPHA, "DELETE", self, Map.of("TPP-Redirect-URI", TPP_OK,
                "TPP-Notification-URI", "https://tpp.elsewhere.example/n"), null), 400, "FormatError");
        assertEquals("RCVD", status(self), "a refused cancellation changes nothing");
    }
}
