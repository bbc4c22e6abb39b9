package eu.xs2a.payment;

import static eu.xs2a.payment.support.Payments.SCT;
import static eu.xs2a.payment.support.Payments.headers;
import static eu.xs2a.payment.support.Tpps.ALPHA;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.payment.support.Await;
import eu.xs2a.payment.support.GatewayDb;
import eu.xs2a.payment.support.Payments;
import eu.xs2a.payment.support.Tpps;
import io.agroal.api.AgroalDataSource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A retried create (same X-Request-ID and Digest) learns what the first request created even when that request never
 * answered: the answer is kept in the transaction that stores the payment (before the bank is called) or the
 * authorisation.
 */
@QuarkusTest
class RetriedCreateTest {

    @Inject AgroalDataSource dataSource;

    @Test
    void aRetryWhileTheBankIsStillAnsweringGetsThePaymentAlreadyStored() throws Exception {
        GatewayDb db = new GatewayDb(dataSource);
        // psu-slow's bank calls take longer than the gateway's read timeout: the first request is inside its bank call
        // for seconds, where a crash of the service would have left the payment stored and no answer to learn it by
        Map<String, String> slow = headers("PSU-ID", "psu-slow");
        String body = Payments.body("12.00");
        String requestId = UUID.randomUUID().toString();
        String path = Payments.path("sandbox", SCT);
        long before = db.paymentCount();

        CompletableFuture<Response> first = CompletableFuture.supplyAsync(
                () -> Tpps.send(ALPHA, "POST", path, slow, body, requestId));
        Await.until(() -> db.keptAnswerStatus(requestId), "201"::equals, "the answer kept with the payment");
        assertFalse(first.isDone(), "the first request is still waiting for the bank");

        Response retry = Tpps.send(ALPHA, "POST", path, slow, body, requestId);
        retry.then().statusCode(201);
        assertEquals("RCVD", retry.jsonPath().getString("transactionStatus"));
        assertFalse(first.isDone(), "the retry was answered while the first request was still at the bank");

        Response answered = first.get(30, TimeUnit.SECONDS);
        answered.then().statusCode(201);
        assertEquals(answered.jsonPath().getString("paymentId"), retry.jsonPath().getString("paymentId"));
        assertEquals(answered.jsonPath().getString("_links.scaRedirect.href"),
                retry.jsonPath().getString("_links.scaRedirect.href"));
        assertEquals(answered.header("Location"), retry.header("Location"));
        assertEquals(before + 1, db.paymentCount(), "one payment");

        // and a retry after both answered gets the first answer too
        Response later = Tpps.send(ALPHA, "POST", path, slow, body, requestId);
        later.then().statusCode(201);
        assertEquals(answered.asString(), later.asString());
    }

    @Test
    void aStartedAuthorisationsAnswerIsCommittedWithIt() {
        GatewayDb db = new GatewayDb(dataSource);
        Response payment = Payments.initiate(ALPHA, "sandbox", SCT,
                headers("TPP-Explicit-Authorisation-Preferred", "true"), Payments.body("3.00"));
        payment.then().statusCode(201);
        String path = Payments.path("sandbox", SCT) + "/" + payment.jsonPath().getString("paymentId") + "/authorisations";
        String requestId = UUID.randomUUID().toString();

        Response first = Tpps.send(ALPHA, "POST", path, Map.of(), null, requestId);
        first.then().statusCode(201);
        assertTrue(db.keptWithAuthorisation(first.jsonPath().getString("authorisationId"), requestId),
                "the authorisation and its answer in one transaction");

        Response retry = Tpps.send(ALPHA, "POST", path, Map.of(), null, requestId);
        retry.then().statusCode(201);
        assertEquals(first.asString(), retry.asString());
        assertEquals(first.header("Location"), retry.header("Location"));
    }
}
