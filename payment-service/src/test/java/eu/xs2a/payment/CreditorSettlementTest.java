package eu.xs2a.payment;

import static eu.xs2a.payment.support.Payments.SCT;
import static eu.xs2a.payment.support.Payments.TPP_OK;
import static eu.xs2a.payment.support.Payments.headers;
import static eu.xs2a.payment.support.Payments.id;
import static eu.xs2a.payment.support.Payments.status;
import static eu.xs2a.payment.support.Tpps.ALPHA;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.payment.support.Await;
import eu.xs2a.payment.support.BankSandboxResource;
import eu.xs2a.payment.support.Errors;
import eu.xs2a.payment.support.GatewayDb;
import eu.xs2a.payment.support.PaymentTaskTestBase;
import eu.xs2a.payment.support.Payments;
import eu.xs2a.payment.support.RelayBank;
import eu.xs2a.payment.support.Sca;
import eu.xs2a.payment.support.Tasks;
import eu.xs2a.payment.support.Tpps;
import eu.xs2a.platform.task.RunResult;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

/**
 * ACSC (settled on the debtor's account) is not the end: a bank that also reports ACCC (settled on the creditor's
 * account; here the relay in front of the sandbox, which itself never does) gets it shown. The status polling job and
 * TPP reads ask the bank about an executed payment only within the settlement horizon (one rule,
 * domain.SettlementHorizon); executed payments are no longer cancellable. The test runs the job's rounds and their
 * status checks itself ({@link Tasks}), and moves the clock past the settled interval.
 */
@QuarkusTest
class CreditorSettlementTest extends PaymentTaskTestBase {

    @ConfigProperty(name = "payment.status-polling.settled-interval")
    Duration settledInterval;

    @ConfigProperty(name = "payment.status-polling.settlement-horizon")
    Duration settlementHorizon;

    /** A payment psu1 authorised, followed by the status polling job alone until the sandbox settled it (ACSC). */
    private String executed(GatewayDb db, String amount) {
        Response created = Payments.initiate(ALPHA, BankSandboxResource.RELAYED, SCT, headers(), Payments.body(amount));
        String self = created.then().statusCode(201).extract().path("_links.self.href");
        assertEquals(TPP_OK, Sca.approve(created.path("_links.scaRedirect.href"), "psu1"));
        Await.until(() -> {
            tasks.pollStatus(id(self));
            return db.transactionStatus(id(self));
        }, "ACSC"::equals, "the polling job to see ACSC");
        return self;
    }

    @Test
    void anExecutedPaymentIsFollowedToAccc() {
        GatewayDb db = new GatewayDb(dataSource);
        try (RelayBank relay = RelayBank.forRelayedProvider().start()) {
            String self = executed(db, "31.00");
            String id = id(self);
            assertEquals("ACSC", status(self));
            // executed: no longer cancellable, and the PSU's authorisation is done
            Errors.expect(Tpps.send(ALPHA, "DELETE", self, Map.of("TPP-Redirect-URI", TPP_OK), null), 405,
                    "CancellationInvalid");
            String authorisation = Tpps.get(ALPHA, self + "/authorisations").then().extract().path("authorisationIds[0]");
            Tpps.get(ALPHA, self + "/authorisations/" + authorisation).then().body("scaStatus", equalTo("finalised"));

            // still followed while ACSC: once the settled interval has passed the job asks again, and the payment
            // stays ACSC while the bank says so
            Instant settled = db.bankHeardAt(id);
            clock.advance(settledInterval);
            assertEquals(RunResult.DONE, tasks.pollStatus(id));
            assertTrue(db.bankHeardAt(id).isAfter(settled));
            assertEquals("ACSC", db.transactionStatus(id));

            relay.settleAtCreditor(db.bankPaymentId(id));
            clock.advance(settledInterval);
            assertEquals(RunResult.DONE, tasks.pollStatus(id));
            assertEquals("ACCC", db.transactionStatus(id), "the polling job saw ACCC");
            clock.reset();
            assertEquals("ACCC", status(self));
            Tpps.get(ALPHA, self).then().statusCode(200).body("transactionStatus", equalTo("ACCC"));
            Errors.expect(Tpps.send(ALPHA, "DELETE", self, Map.of("TPP-Redirect-URI", TPP_OK), null), 405,
                    "CancellationInvalid");
        }
    }

    /**
     * A payment executed longer ago than the settlement horizon is asked about neither by the polling job (a bank that
     * never reports ACCC costs nothing more), while a recent one still is, nor by TPP reads, which answer the stored
     * ACSC even though the bank would now report ACCC.
     */
    @Test
    void pastTheHorizonNeitherTheJobNorAReadAsksTheBank() {
        GatewayDb db = new GatewayDb(dataSource);
        try (RelayBank relay = RelayBank.forRelayedProvider().start()) {
            String old = executed(db, "32.00");
            String recent = executed(db, "33.00");
            String oldId = id(old);
            String recentId = id(recent);
            String oldAtBank = db.bankPaymentId(oldId);
            String recentAtBank = db.bankPaymentId(recentId);

            // executed before the horizon, changed since (updated_at stays recent): the execution decides
            db.executedAgo(oldId, settlementHorizon.plusHours(1));
            Instant oldChecked = db.bankHeardAt(oldId);
            int oldReads = relay.reads(oldAtBank);
            int recentReads = relay.reads(recentAtBank);

            relay.settleAtCreditor(oldAtBank);
            clock.advance(settledInterval);
            tasks.pollStatus(oldId);
            assertEquals(RunResult.DONE, tasks.pollStatus(recentId), "the recent one is still followed");
            assertEquals(recentReads + 1, relay.reads(recentAtBank));
            assertEquals("ACSC", db.transactionStatus(oldId), "past the horizon the job no longer asks");
            assertEquals(oldChecked, db.bankHeardAt(oldId));
            clock.reset();

            assertEquals("ACSC", status(old), "past the horizon a read answers the stored status");
            Tpps.get(ALPHA, old).then().statusCode(200).body("transactionStatus", equalTo("ACSC"));
            assertEquals(oldReads, relay.reads(oldAtBank), "neither the job nor the reads asked the bank");
            assertEquals(oldChecked, db.bankHeardAt(oldId));
            assertEquals("ACSC", db.transactionStatus(oldId));
        }
    }

    /**
     * Within the horizon a TPP read asks the bank about an executed payment itself, so that ACCC shows as soon as the
     * bank reports it, not only once the job (every settled-interval) has seen it. The job does not run here, so the
     * bank call counted is the read's.
     */
    @Test
    void withinTheHorizonAReadAsksTheBank() {
        GatewayDb db = new GatewayDb(dataSource);
        try (RelayBank relay = RelayBank.forRelayedProvider().start()) {
            String recent = executed(db, "34.00");
            String id = id(recent);
            String atBank = db.bankPaymentId(id);
            assertEquals("ACSC", db.transactionStatus(id));
            int reads = relay.reads(atBank);
            // executed by the previous release during a rolling update: no executed_at, its last change counts
            db.forgetExecution(id);

            relay.settleAtCreditor(atBank);
            assertEquals("ACCC", status(recent), "the read asked the bank, which now reports ACCC");
            assertEquals(reads + 1, relay.reads(atBank), "one bank call: the read's");
            assertEquals("ACCC", db.transactionStatus(id));
        }
    }
}
