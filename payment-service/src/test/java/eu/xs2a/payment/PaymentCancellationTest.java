package eu.xs2a.payment;

import eu.xs2a.testsupport.BankDates;
import static eu.xs2a.payment.support.Payments.SCT;
import static eu.xs2a.payment.support.Payments.TPP_NOK;
import static eu.xs2a.payment.support.Payments.TPP_OK;
import static eu.xs2a.payment.support.Payments.headers;
import static eu.xs2a.payment.support.Payments.id;
import static eu.xs2a.payment.support.Payments.status;
import static eu.xs2a.payment.support.Tpps.ALPHA;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;

import eu.xs2a.payment.support.Await;
import eu.xs2a.payment.support.BankApi;
import eu.xs2a.payment.support.BankBrowser;
import eu.xs2a.payment.support.Errors;
import eu.xs2a.payment.support.GatewayDb;
import eu.xs2a.payment.support.Payments;
import eu.xs2a.payment.support.Sca;
import eu.xs2a.payment.support.Tpps;
import io.agroal.api.AgroalDataSource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * DELETE in each state: not yet authorised (204, CANC at once), authorised but not final (202 and a cancellation
 * authorisation the PSU completes at the bank), final (CancellationInvalid).
 */
@QuarkusTest
class PaymentCancellationTest {

    private static final Map<String, String> CANCEL = Map.of("TPP-Redirect-URI", TPP_OK, "TPP-Nok-Redirect-URI", TPP_NOK);

    @Inject AgroalDataSource dataSource;

    private static Response cancel(String self) {
        return Tpps.send(ALPHA, "DELETE", self, CANCEL, null);
    }

    /** A payment authorised by psu1 and accepted by the bank, to be executed tomorrow: it stays ACSP until then. */
    private static String authorisedForTomorrow() {
        String body = Payments.body("4.00").replaceFirst("\\{",
                "{\"requestedExecutionDate\": \"" + BankDates.today("sandbox").plusDays(1) + "\", ");
        Response created = Payments.initiate(ALPHA, "sandbox", SCT, headers(), body);
        String self = created.then().statusCode(201).extract().path("_links.self.href");
        assertEquals(TPP_OK, Sca.approve(created.path("_links.scaRedirect.href"), "psu1"));
        assertEquals("ACSP", status(self));
        return self;
    }

    @Test
    void notYetAuthorisedIsCancelledAtOnce() {
        Response created = Payments.initiate(ALPHA, "sandbox", SCT, headers(), Payments.body("1.00"));
        String self = created.then().statusCode(201).extract().path("_links.self.href");
        String bankPaymentId = new GatewayDb(dataSource).bankPaymentId(id(self));
        cancel(self).then().statusCode(204);
        assertEquals("CANC", status(self));
        // the PSU's link no longer leads anywhere
        Errors.expect(io.restassured.RestAssured.given().config(Tpps.RAW).accept("application/json")
                .get(Payments.local(created.path("_links.scaRedirect.href"))), 404, "ResourceUnknown");
        BankApi.payment(bankPaymentId).then().body("transactionStatus", equalTo("CANC"));
        Tpps.get(ALPHA, self + "/cancellation-authorisations").then().body("authorisationIds", hasSize(0));
        // the payment's own authorisation can never complete now
        String authorisation = Tpps.get(ALPHA, self + "/authorisations").then().statusCode(200).extract()
                .path("authorisationIds[0]");
        Tpps.get(ALPHA, self + "/authorisations/" + authorisation).then().body("scaStatus", equalTo("failed"));
        // as every 405 (RFC 9110): what the payment still allows, its DELETE no longer
        Errors.expect(cancel(self), 405, "CancellationInvalid").header("Allow", "GET, HEAD, OPTIONS");
    }

    @Test
    void aSecondCancellationReplacesTheFirstWhoseLinkCanNoLongerComplete() {
        String self = authorisedForTomorrow();
        Response first = cancel(self);
        String firstStatus = first.then().statusCode(202).extract().path("_links.scaStatus.href");
        Response second = cancel(self);
        String secondStatus = second.then().statusCode(202).extract().path("_links.scaStatus.href");
        Tpps.get(ALPHA, firstStatus).then().body("scaStatus", equalTo("failed"));
        Tpps.get(ALPHA, secondStatus).then().body("scaStatus", equalTo("received"));
        Errors.expect(io.restassured.RestAssured.given().config(Tpps.RAW).accept("application/json")
                .get(Payments.local(first.path("_links.scaRedirect.href"))), 404, "ResourceUnknown");
        io.restassured.RestAssured.given().config(Tpps.RAW)
                .head(Payments.local(second.path("_links.scaRedirect.href"))).then().statusCode(200);

        assertEquals(TPP_OK, Sca.approve(second.path("_links.scaRedirect.href"), "psu1"));

        assertEquals("CANC", status(self));
        Tpps.get(ALPHA, secondStatus).then().body("scaStatus", equalTo("finalised"));
        Tpps.get(ALPHA, firstStatus).then().body("scaStatus", equalTo("failed"));
    }

    /**
     * Two DELETEs at once: the gateway sends them to the bank one after the other, each answers 202, and the one
     * authorisation left open is the bank's newest, so the PSU can complete it (the bank ends the other's link).
     */
    @Test
    void twoCancellationsAtOnceLeaveOneOpenAuthorisationThePsuCanComplete() throws Exception {
        String self = authorisedForTomorrow();
        ExecutorService threads = Executors.newFixedThreadPool(2);
        Callable<Response> delete = () -> cancel(self);
        List<Response> answers = new ArrayList<>();
        try {
            for (Future<Response> answer : threads.invokeAll(List.of(delete, delete))) {
                answers.add(answer.get());
            }
        } finally {
            threads.shutdownNow();
        }
        Map<String, Response> byScaStatus = new HashMap<>();
        for (Response answer : answers) {
            answer.then().statusCode(202);
            byScaStatus.put(Tpps.get(ALPHA, answer.<String>path("_links.scaStatus.href")).path("scaStatus"), answer);
        }
        assertEquals(Set.of("received", "failed"), byScaStatus.keySet());

        assertEquals(TPP_OK, Sca.approve(byScaStatus.get("received").path("_links.scaRedirect.href"), "psu1"));
        assertEquals("CANC", status(self));
    }

    @Test
    void cancellationNeedsARedirectUri() {
        String self = Payments.create(ALPHA, "1.00");
        Errors.expect(Tpps.send(ALPHA, "DELETE", self, Map.of(), null), 400, "FormatError");
        Errors.expect(Tpps.send(ALPHA, "DELETE", self, Map.of("TPP-Redirect-URI", "not a uri"), null), 400, "FormatError");
        Errors.expect(Tpps.send(ALPHA, "DELETE", self, Map.of("TPP-Redirect-URI", TPP_OK, "TPP-Redirect-Preferred",
                "perhaps"), null), 400, "BadRequest");
        assertEquals("RCVD", status(self));
    }

    @Test
    void authorisedPaymentNeedsThePsuToAuthoriseTheCancellation() {
        String self = authorisedForTomorrow();

        Response accepted = cancel(self);
        accepted.then().statusCode(202)
                .header("ASPSP-SCA-Approach", "REDIRECT")
                .body("transactionStatus", equalTo("ACSP"))
                .body("$", not(hasKey("scaStatus")))
                .body("_links.scaRedirect.href", startsWith("http"))
                .body("_links.scaStatus.href", startsWith(self + "/cancellation-authorisations/"));
        String scaStatus = accepted.path("_links.scaStatus.href");
        String authorisationId = scaStatus.substring(scaStatus.lastIndexOf('/') + 1);
        Tpps.get(ALPHA, self + "/cancellation-authorisations").then().statusCode(200)
                .body("authorisationIds", equalTo(List.of(authorisationId)));
        Tpps.get(ALPHA, scaStatus).then().statusCode(200).body("scaStatus", equalTo("received"));
        assertEquals("ACSP", status(self), "nothing is cancelled before the PSU agrees");

        assertEquals(TPP_OK, Sca.approve(accepted.path("_links.scaRedirect.href"), "psu1"));

        assertEquals("CANC", status(self));
        Tpps.get(ALPHA, scaStatus).then().body("scaStatus", equalTo("finalised"));
        Errors.expect(cancel(self), 405, "CancellationInvalid");
    }

    @Test
    void thePsuRefusingTheCancellationLeavesThePaymentAlone() {
        String self = authorisedForTomorrow();
        Response accepted = cancel(self);
        String scaStatus = accepted.then().statusCode(202).extract().path("_links.scaStatus.href");

        assertEquals(TPP_NOK, Sca.deny(accepted.path("_links.scaRedirect.href"), "psu1"));

        assertEquals("ACSP", status(self));
        Tpps.get(ALPHA, scaStatus).then().body("scaStatus", equalTo("failed"));
    }

    @Test
    void settledRejectedAndCancelledPaymentsCannotBeCancelled() {
        Response settled = Payments.initiate(ALPHA, "sandbox", SCT, headers(), Payments.body("2.00"));
        String settledSelf = settled.path("_links.self.href");
        Sca.approve(settled.path("_links.scaRedirect.href"), "psu1");
        Await.until(() -> status(settledSelf), "ACSC"::equals, "ACSC");
        Errors.expect(cancel(settledSelf), 405, "CancellationInvalid");

        Response rejected = Payments.initiate(ALPHA, "sandbox", SCT, headers(), Payments.body("2.00"));
        String rejectedSelf = rejected.path("_links.self.href");
        BankBrowser.deny(Sca.followGatewayLink(rejected.path("_links.scaRedirect.href")), "psu1");
        assertEquals("RJCT", status(rejectedSelf));
        Errors.expect(cancel(rejectedSelf), 405, "CancellationInvalid");
        assertEquals("RJCT", status(rejectedSelf), "final states never change");
    }
}
