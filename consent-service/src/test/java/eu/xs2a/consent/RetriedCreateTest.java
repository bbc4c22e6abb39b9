package eu.xs2a.consent;

import static eu.xs2a.consent.support.Sandbox2.bankUp;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.consent.support.Psu;
import eu.xs2a.consent.support.Sandbox2;
import eu.xs2a.consent.support.Sandbox2TestBase;
import eu.xs2a.consent.support.Signed;
import eu.xs2a.consent.support.Tpps;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A retried create (same X-Request-ID and Digest) learns what the first request created even when that request never
 * answered: the consent is stored with its kept answer in one transaction before the bank is called, so a crash during
 * the bank call (sandbox2's bank held here) still leaves the consent and the answer for the retry.
 */
@QuarkusTest
class RetriedCreateTest extends Sandbox2TestBase {

    @Test
    void theConsentAndItsAnswerAreStoredBeforeTheBankIsCalled() throws Exception {
        byte[] body = Signed.aisBody(null, 4, true, Psu.PSU1_MAIN).getBytes(StandardCharsets.UTF_8);
        Map<String, String> signed = Tpps.ALPHA.signer().sign("POST", Sandbox2.AIS, Signed.redirectHeaders(), body);
        bankUp(proxy);
        proxy.hold();
        CompletableFuture<Response> first;
        try {
            first = CompletableFuture.supplyAsync(
                    () -> given().headers(signed).contentType("application/json").body(body).post(Sandbox2.AIS));
            assertTrue(proxy.awaitHeldConnection(10), "the create never reached the bank");

            // PostgreSQL's xmin names the transaction that wrote a row: one transaction wrote the consent and its
            // answer, committed before the bank call, so a crash now leaves neither without the other
            try (Connection connection = dataSource.getConnection();
                 PreparedStatement query = connection.prepareStatement("select c.id, c.status, c.xmin::text,"
                         + " (select r.xmin::text from request_replay r where r.request_id = ?::uuid)"
                         + " from consent c where c.provider_code = 'sandbox2' order by c.created_at desc limit 1")) {
                query.setString(1, signed.get("X-Request-ID"));
                try (ResultSet row = query.executeQuery()) {
                    assertTrue(row.next());
                    assertEquals("accepted", row.getString(2), "stored before the bank registered it");
                    assertEquals(row.getString(3), row.getString(4), "the consent and its answer in one transaction");
                }
            }

            // a retry meanwhile gets the kept 201: the same consent, waiting for the bank
            Response retry = given().headers(signed).contentType("application/json").body(body).post(Sandbox2.AIS);
            assertEquals(201, retry.statusCode(), retry.asString());
            assertEquals("accepted", retry.jsonPath().getString("consentStatus"));
            assertFalse(first.isDone(), "the retry was answered while the first request was still at the bank");
            proxy.release();

            Response answered = first.get(30, TimeUnit.SECONDS);
            assertEquals(201, answered.statusCode(), answered.asString());
            assertEquals("received", answered.jsonPath().getString("consentStatus"));
            assertEquals(answered.jsonPath().getString("consentId"), retry.jsonPath().getString("consentId"));
            assertEquals(answered.jsonPath().getString("_links.scaRedirect.href"),
                    retry.jsonPath().getString("_links.scaRedirect.href"));
            assertEquals(answered.header("Location"), retry.header("Location"));
            assertNotNull(bankConsentId(answered.jsonPath().getString("consentId")));

            // a retry after the answer gets that answer, byte for byte
            Response again = given().headers(signed).contentType("application/json").body(body).post(Sandbox2.AIS);
            assertEquals(201, again.statusCode(), again.asString());
            assertEquals(answered.asString(), again.asString());
            assertEquals(answered.header("Location"), again.header("Location"));
            assertEquals(answered.header("ASPSP-SCA-Approach"), again.header("ASPSP-SCA-Approach"));
        } finally {
            proxy.release();
        }
    }
}
