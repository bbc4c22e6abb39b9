package eu.xs2a.payment;

import static eu.xs2a.payment.support.Payments.SCT;
import static eu.xs2a.payment.support.Tpps.ALPHA;
import static eu.xs2a.payment.support.Tpps.BETA;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

import eu.xs2a.payment.support.Errors;
import eu.xs2a.payment.support.Payments;
import eu.xs2a.payment.support.Tpps;
import eu.xs2a.platform.SecureTokens;
import eu.xs2a.testsupport.TestTpp;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The reads, and ownership: another TPP's payment is indistinguishable from one that never existed. */
@QuarkusTest
class PaymentReadTest {

    @Test
    void readsOfAFreshPayment() {
        Response created = Payments.initiate(ALPHA, "sandbox", SCT, Payments.headers(), Payments.body("7.50"));
        String self = created.path("_links.self.href");
        String scaStatus = created.path("_links.scaStatus.href");
        String authorisationId = scaStatus.substring(scaStatus.lastIndexOf('/') + 1);

        Tpps.get(ALPHA, self).then().statusCode(200)
                .body("transactionStatus", equalTo("RCVD"))
                .body("instructedAmount.amount", equalTo("7.50"))
                .body("debtorAccount", nullValue());
        Tpps.get(ALPHA, self + "/status").then().statusCode(200)
                .body("transactionStatus", equalTo("RCVD"))
                .body("fundsAvailable", nullValue());
        Tpps.get(ALPHA, self + "/authorisations").then().statusCode(200)
                .body("authorisationIds", equalTo(List.of(authorisationId)));
        Tpps.get(ALPHA, scaStatus).then().statusCode(200).body("scaStatus", equalTo("received"));
        Tpps.get(ALPHA, self + "/cancellation-authorisations").then().statusCode(200)
                .body("authorisationIds", hasSize(0));
    }

    @Test
    void unknownAuthorisationIds() {
        String self = Payments.create(ALPHA, "1.00");
        String other = Payments.create(ALPHA, "1.00");
        String authorisationOfOther = Tpps.get(ALPHA, other + "/authorisations").path("authorisationIds[0]");
        Errors.expect(Tpps.get(ALPHA, self + "/authorisations/" + authorisationOfOther), 404, "ResourceUnknown");
        Errors.expect(Tpps.get(ALPHA, self + "/authorisations/not-a-uuid"), 404, "ResourceUnknown");
        String own = Tpps.get(ALPHA, self + "/authorisations").path("authorisationIds[0]");
        Errors.expect(Tpps.get(ALPHA, self + "/cancellation-authorisations/" + own), 404, "ResourceUnknown");
    }

    @Test
    void anotherTppsPaymentLooksExactlyLikeAnUnknownOne() {
        String self = Payments.create(ALPHA, "1.00");
        String id = Payments.id(self);
        String authorisation = Tpps.get(ALPHA, self + "/authorisations").path("authorisationIds[0]");
        String unknownId = SecureTokens.random(SecureTokens.ID_BYTES);
        String unknown = Payments.path("sandbox", SCT) + "/" + unknownId;

        for (String suffix : List.of("", "/status", "/authorisations", "/authorisations/" + authorisation,
                "/cancellation-authorisations")) {
            Response foreign = Tpps.get(BETA, self + suffix);
            Response missing = Tpps.get(BETA, unknown + suffix);
            Errors.expect(foreign, 404, "ResourceUnknown");
            Errors.expect(missing, 404, "ResourceUnknown");
            assertEquals(missing.asString().replace(unknownId, id),
                    foreign.asString(), "same body for " + suffix);
        }
        Errors.expect(Tpps.send(BETA, "DELETE", self, Map.of("TPP-Redirect-URI", Payments.TPP_OK), null), 404,
                "ResourceUnknown");
        Errors.expect(Tpps.send(BETA, "POST", self + "/authorisations", Map.of(), "{}"), 404, "ResourceUnknown");
        // and it is still there for its owner, untouched
        Tpps.get(ALPHA, self + "/status").then().statusCode(200).body("transactionStatus", equalTo("RCVD"));
    }

    @Test
    void theSameIdUnderAnotherProviderOrProductIsUnknownToo() {
        String self = Payments.create(ALPHA, "1.00");
        String id = self.substring(self.lastIndexOf('/') + 1);
        Errors.expect(Tpps.get(ALPHA, Payments.path("sandbox2", SCT) + "/" + id), 404, "ResourceUnknown");
        Errors.expect(Tpps.get(ALPHA, Payments.path("sandbox", "instant-sepa-credit-transfers") + "/" + id), 404,
                "ResourceUnknown");
    }

    @Test
    void malformedIdsAreUnknownWithTheSameAnswer() {
        TestTpp tpp = ALPHA;
        String self = Payments.create(ALPHA, "1.00");
        String created = self.substring(self.lastIndexOf('/') + 1);
        for (String id : List.of("abc", "-1", "1.5", "0x10", "0", "0" + created, created + "A", created.substring(1),
                "+" + created)) {
            Response response = Tpps.get(tpp, Payments.path("sandbox", SCT) + "/" + id + "/status");
            Errors.expect(response, 404, "ResourceUnknown");
            response.then().body("error_message", equalTo("Payment '" + id + "' is unknown"));
        }
        Tpps.get(tpp, Payments.path("sandbox", SCT) + "/424242424/status").then()
                .body("error_message", equalTo("Payment '424242424' is unknown"));
    }

    @Test
    void productErrorsComeFirstOnReadsToo() {
        Errors.expect(Tpps.get(ALPHA, Payments.path("sandbox", "no-such-product") + "/1"), 404, "ProductUnknown");
        Errors.expect(Tpps.get(ALPHA, Payments.path("sandbox2", "service-payment") + "/1/status"), 403, "ProductInvalid");
    }
}
