package eu.xs2a.consent;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.consent.domain.BasketWithdrawalTask;
import eu.xs2a.consent.support.ConsentRows;
import eu.xs2a.consent.support.Sandbox2;
import eu.xs2a.consent.support.Sandbox2TestBase;
import eu.xs2a.consent.support.SandboxBank;
import eu.xs2a.consent.support.Signed;
import eu.xs2a.consent.support.Tpps;
import eu.xs2a.platform.task.RunResult;
import eu.xs2a.platform.task.TaskQueue;
import eu.xs2a.testsupport.Sql;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A signing basket the bank registered though the gateway never got its answer (lost on the way back, so that the
 * gateway's read timeout ran out): the TPP was told 503 and the basket undone here, so the bank's copy must be withdrawn too, or its members
 * could join no other basket and never be authorised alone. The basket's withdrawal task, stored with it, finds the
 * copy by the gateway's id (the registration's idempotency key) and deletes it; a basket whose registration was
 * answered is left alone.
 */
@QuarkusTest
class BasketRegistrationLostTest extends Sandbox2TestBase {

    private static final String BASKETS = "/sandbox2/api/berlingroup/v1/signing-baskets";

    @Inject TaskQueue taskQueue;

    @Test
    void aBasketWhoseRegistrationAnswerWasLostIsWithdrawnFromTheBank() {
        Sandbox2.bankUp(proxy);
        String consentId = createdAtTheBank();
        proxy.loseAnswers();
        Response answered = Signed.post(Tpps.ALPHA, BASKETS, headers(), body(consentId));
        proxy.deliverAnswers();
        assertEquals(503, answered.statusCode(), "the bank's answer never came: " + answered.asString());
        assertNull(ConsentRows.column(dataSource, consentId, "basket_id", String.class), "undone here at once");
        String basketId = new Sql(dataSource).text(
                "select subject from task where type = ? order by id desc limit 1", BasketWithdrawalTask.TYPE);
        assertTrue(bankCopyIs(basketId, "RCVD"), "the bank registered the basket");
        Response blocked = Signed.post(Tpps.ALPHA, BASKETS, headers(), body(consentId));
        assertEquals(400, blocked.statusCode(), "held by the bank's copy meanwhile: " + blocked.asString());

        assertEquals(RunResult.DONE, taskQueue.runNow(BasketWithdrawalTask.TYPE, basketId));
        assertTrue(bankCopyIs(basketId, "CANC"), "the bank's copy is withdrawn");
        Response again = Signed.post(Tpps.ALPHA, BASKETS, headers(), body(consentId));
        assertEquals(201, again.statusCode(), "the consent is free for a new basket: " + again.asString());
    }

    @Test
    void aBasketWhoseRegistrationWasAnsweredIsLeftAlone() {
        Sandbox2.bankUp(proxy);
        String consentId = createdAtTheBank();
        Response created = Signed.post(Tpps.ALPHA, BASKETS, headers(), body(consentId));
        assertEquals(201, created.statusCode(), created.asString());
        String basketId = created.jsonPath().getString("basketId");

        assertEquals(RunResult.DONE, taskQueue.runNow(BasketWithdrawalTask.TYPE, basketId));
        assertTrue(bankCopyIs(basketId, "RCVD"), "the bank's basket stays");
        assertEquals("RCVD", Signed.get(Tpps.ALPHA, BASKETS + "/" + basketId + "/status").jsonPath()
                .getString("transactionStatus"));
        assertEquals(basketId, ConsentRows.column(dataSource, consentId, "basket_id", String.class));
    }

    /** Whether the bank holds a basket under this key in this status, within 30 s (the bank may still be at work). */
    private boolean bankCopyIs(String basketId, String status) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            Response found = given().header("Authorization", "Bearer " + SandboxBank.CREDENTIAL)
                    .queryParam("idempotencyKey", basketId).get(bankUrl + "/bank/v1/signing-baskets");
            assertEquals(200, found.statusCode(), found.asString());
            List<String> statuses = JsonPath.from(found.asString()).getList("baskets.transactionStatus");
            if (statuses.equals(List.of(status))) {
                return true;
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return false;
    }

    private static Map<String, String> headers() {
        Map<String, String> headers = new LinkedHashMap<>(Signed.redirectHeaders());
        headers.put("PSU-IP-Address", "192.0.2.1");
        return headers;
    }

    private static String body(String consentId) {
        return "{\"consentIds\": [\"" + consentId + "\"]}";
    }
}
