package eu.xs2a.payment;

import static eu.xs2a.payment.support.Payments.SCT;
import static eu.xs2a.payment.support.Payments.TPP_OK;
import static eu.xs2a.payment.support.Payments.headers;
import static eu.xs2a.payment.support.Tpps.ALPHA;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import eu.xs2a.payment.support.Await;
import eu.xs2a.payment.support.BankSandboxResource;
import eu.xs2a.payment.support.Errors;
import eu.xs2a.payment.support.GatewayDb;
import eu.xs2a.payment.support.Payments;
import eu.xs2a.payment.support.RelayBank;
import eu.xs2a.payment.support.Sca;
import eu.xs2a.payment.support.Tpps;
import io.agroal.api.AgroalDataSource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

/**
 * ACSC (settled on the debtor's account) is not the end: a bank that also reports ACCC (settled on the creditor's
 * account; here the relay in front of the sandbox, which itself never does) gets it shown. The polling job follows an
 * executed payment for ACCC only within the settlement horizon; executed payments are no longer cancellable.
 */
@QuarkusTest
class CreditorSettlementTest {

    @Inject
    AgroalDataSource dataSource;

    @ConfigProperty(name = BankSandboxResource.RELAYED_PORT)
    int relayedPort;

    @ConfigProperty(name = BankSandboxResource.BANK_URL)
    String bankUrl;

    @ConfigProperty(name = "payment.status-polling.settled-interval")
    Duration settledInterval;

    @ConfigProperty(name = "payment.status-polling.settlement-horizon")
    Duration settlementHorizon;

    private static long id(String self) {
        return Long.parseLong(self.substring(self.lastIndexOf('/') + 1));
    }

    private static String status(String self) {
        return Tpps.get(ALPHA, self + "/status").then().statusCode(200).extract().path("transactionStatus");
    }

    /** A payment psu1 authorised, followed by the polling job alone until the sandbox settled it (ACSC). */
    private String executed(GatewayDb db, String amount) {
        Response created = Payments.initiate(ALPHA, BankSandboxResource.RELAYED, SCT, headers(), Payments.body(amount));
        String self = created.then().statusCode(201).extract().path("_links.self.href");
        assertEquals(TPP_OK, Sca.approve(created.path("_links.scaRedirect.href"), "psu1"));
        Await.until(() -> db.transactionStatus(id(self)), "ACSC"::equals, "the polling job to see ACSC");
        return self;
    }

    /** Waits until the polling job has asked the bank about the payment again after {@code after}; returns when. */
    private static Instant polledAfter(GatewayDb db, long paymentId, Instant after) {
        return Await.until(() -> db.statusCheckedAt(paymentId), at -> at != null && at.isAfter(after),
                "the polling job to ask about payment " + paymentId + " after " + after);
    }

    @Test
    void anExecutedPaymentIsFollowedToAccc() {
        GatewayDb db = new GatewayDb(dataSource);
        try (RelayBank relay = RelayBank.forSandbox(relayedPort, bankUrl).start()) {
            String self = executed(db, "31.00");
            long id = id(self);
            assertEquals("ACSC", status(self));
            // executed: no longer cancellable, and the PSU's authorisation is done
            Errors.expect(Tpps.send(ALPHA, "DELETE", self, Map.of("TPP-Redirect-URI", TPP_OK), null), 405,
                    "CancellationInvalid");
            String authorisation = Tpps.get(ALPHA, self + "/authorisations").then().extract().path("authorisationIds[0]");
            Tpps.get(ALPHA, self + "/authorisations/" + authorisation).then().body("scaStatus", equalTo("finalised"));

            // still followed while ACSC: the job asks again, and the payment stays ACSC while the bank says so
            Instant settled = db.statusCheckedAt(id);
            polledAfter(db, id, settled);
            assertEquals("ACSC", db.transactionStatus(id));

            relay.settleAtCreditor(db.bankPaymentId(id));
            Await.until(() -> db.transactionStatus(id), "ACCC"::equals, "the polling job to see ACCC");
            assertEquals("ACCC", status(self));
            Tpps.get(ALPHA, self).then().statusCode(200).body("transactionStatus", equalTo("ACCC"));
            Errors.expect(Tpps.send(ALPHA, "DELETE", self, Map.of("TPP-Redirect-URI", TPP_OK), null), 405,
                    "CancellationInvalid");
        }
    }

    /**
     * A payment executed longer ago than the settlement horizon is no longer polled (a bank that never reports ACCC
     * costs nothing more), while a recent one still is; a TPP read still asks the bank.
     */
    @Test
    void thePollingJobStopsFollowingAnExecutedPaymentPastTheHorizon() {
        GatewayDb db = new GatewayDb(dataSource);
        try (RelayBank relay = RelayBank.forSandbox(relayedPort, bankUrl).start()) {
            String old = executed(db, "32.00");
            String recent = executed(db, "33.00");
            long oldId = id(old);
            long recentId = id(recent);

            Instant moved = Instant.now();
            db.changedAgo(oldId, settlementHorizon.plusHours(1));
            // two polls of the recent one after the move: a job round that began after it (an earlier round may
            // still have asked about the old one)
            polledAfter(db, recentId, polledAfter(db, recentId, moved));
            Instant oldChecked = db.statusCheckedAt(oldId);

            relay.settleAtCreditor(db.bankPaymentId(oldId));
            // a round that asked about the recent one when the old one was due again, had it still been followed
            polledAfter(db, recentId, oldChecked.plus(settledInterval).plusSeconds(2));
            assertEquals("ACSC", db.transactionStatus(oldId), "past the horizon the job no longer asks");
            assertEquals(oldChecked, db.statusCheckedAt(oldId));

            assertEquals("ACCC", status(old), "a TPP read still asks the bank");
        }
    }
}
