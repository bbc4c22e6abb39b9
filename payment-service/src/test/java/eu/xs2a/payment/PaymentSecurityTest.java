package eu.xs2a.payment;

import static eu.xs2a.payment.support.Payments.SCT;
import static eu.xs2a.payment.support.Payments.body;
import static eu.xs2a.payment.support.Payments.headers;
import static eu.xs2a.payment.support.Tpps.ALPHA;
import static eu.xs2a.payment.support.Tpps.AIS_ONLY;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import eu.xs2a.payment.support.BankApi;
import eu.xs2a.payment.support.Errors;
import eu.xs2a.payment.support.GatewayDb;
import eu.xs2a.payment.support.Payments;
import eu.xs2a.payment.support.Tpps;
import eu.xs2a.security.tpp.Role;
import eu.xs2a.testsupport.TestPki;
import eu.xs2a.testsupport.TestTpp;
import io.agroal.api.AgroalDataSource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The signed-request pipeline on the payment endpoints, roles, and idempotent retries (replay). */
@QuarkusTest
class PaymentSecurityTest {

    private static final String PATH = Payments.path("sandbox", SCT);

    @Inject AgroalDataSource dataSource;

    @Test
    void unsignedRequestsAreRefused() {
        byte[] bytes = body("1.00").getBytes(StandardCharsets.UTF_8);
        Errors.expect(given().config(Tpps.RAW).contentType("application/json").body(bytes).post(PATH), 400, "FormatError");
        Errors.expect(given().config(Tpps.RAW).header("X-Request-ID", UUID.randomUUID().toString())
                .contentType("application/json").body(bytes).post(PATH), 401, "CertificateMissing");
        Map<String, String> unsigned = new java.util.HashMap<>(ALPHA.signer().sign("POST", PATH, headers(), bytes));
        unsigned.remove("Signature");
        Errors.expect(given().config(Tpps.RAW).headers(unsigned).contentType("application/json").body(bytes).post(PATH),
                401, "SignatureMissing");
        Errors.expect(given().config(Tpps.RAW).header("X-Request-ID", UUID.randomUUID().toString())
                .get(PATH + "/1/status"), 401, "CertificateMissing");
    }

    @Test
    void aTamperedBodyOrAnUntrustedCertificateIsRefused() {
        byte[] bytes = body("1.00").getBytes(StandardCharsets.UTF_8);
        Map<String, String> signed = ALPHA.signer().sign("POST", PATH, headers(), bytes);
        Errors.expect(given().config(Tpps.RAW).headers(signed).contentType("application/json")
                .body(body("1000.00").getBytes(StandardCharsets.UTF_8)).post(PATH), 401, "SignatureInvalid");
        TestTpp mallory = TestPki.untrusted().tpp("PSDDE-BAFIN-809999", "Mallory", Role.PSP_PI);
        Errors.expect(Payments.initiate(mallory, "sandbox", SCT, headers(), body("1.00")), 401, "CertificateInvalid");
    }

    @Test
    void anAisOnlyCertificateHasNoBusinessHere() {
        Errors.expect(Payments.initiate(AIS_ONLY, "sandbox", SCT, headers(), body("1.00")), 401, "RoleInvalid");
        String self = Payments.create(ALPHA, "1.00");
        Errors.expect(Tpps.get(AIS_ONLY, self), 401, "RoleInvalid");
        Errors.expect(Tpps.get(AIS_ONLY, self + "/status"), 401, "RoleInvalid");
        Errors.expect(Tpps.send(AIS_ONLY, "DELETE", self, Map.of("TPP-Redirect-URI", Payments.TPP_OK), null), 401,
                "RoleInvalid");
    }

    @Test
    void theSameRequestTwiceGivesOnePaymentAndOneBankSubmission() {
        GatewayDb db = new GatewayDb(dataSource);
        long before = db.paymentCount();
        String requestId = UUID.randomUUID().toString();
        Response first = Tpps.send(ALPHA, "POST", PATH, headers(), body("42.00"), requestId);
        Response second = Tpps.send(ALPHA, "POST", PATH, headers(), body("42.00"), requestId);

        first.then().statusCode(201);
        second.then().statusCode(201);
        String paymentId = first.jsonPath().getString("paymentId");
        assertEquals(paymentId, second.jsonPath().getString("paymentId"));
        assertEquals(first.asString(), second.asString(), "the first answer, replayed");
        assertEquals(before + 1, db.paymentCount(), "one payment at the gateway");

        String bankPaymentId = db.bankPaymentId(paymentId);
        BankApi.payment(bankPaymentId).then().statusCode(200).body("transactionStatus", equalTo("RCVD"));
        // the bank already holds exactly one payment under this key: asking again creates nothing (200, same id)
        BankApi.submitWithKey(paymentId).then().statusCode(200).body("bankPaymentId", equalTo(bankPaymentId));
    }

    @Test
    void theSameRequestIdWithAnotherBodyIsAFormatError() {
        String requestId = UUID.randomUUID().toString();
        Tpps.send(ALPHA, "POST", PATH, headers(), body("5.00"), requestId).then().statusCode(201);
        Errors.expect(Tpps.send(ALPHA, "POST", PATH, headers(), body("6.00"), requestId), 400, "FormatError");
    }
}
