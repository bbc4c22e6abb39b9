package eu.xs2a.registration.api;

import static eu.xs2a.registration.support.Api.BG_CERTIFICATES;
import static eu.xs2a.registration.support.Api.BG_REGISTER;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.registration.support.Api;
import eu.xs2a.security.tpp.Role;
import eu.xs2a.testsupport.TestPki;
import eu.xs2a.testsupport.TestTpp;
import io.agroal.api.AgroalDataSource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A retried Berlin Group registration or certificate add (same X-Request-ID and Digest) gets the first answer even when
 * the service died after storing it: the answer is committed in the transaction that stores the TPP or certificate.
 */
@QuarkusTest
class RetriedRegistrationTest {

    @Inject AgroalDataSource dataSource;

    @Test
    void theRegistrationsAnswerIsCommittedWithTheTppAndARetryGetsIt() throws Exception {
        TestTpp tpp = TestPki.shared().tpp(Api.orgId(), "Retried", Role.PSP_AI);
        byte[] body = BerlinGroupRegistrationTest.registration("office@retried.example", Api.email("retried"))
                .getBytes(StandardCharsets.UTF_8);
        Map<String, String> signed = tpp.signer().sign("POST", BG_REGISTER, Map.of(), body);
        Response first = post(signed, body, BG_REGISTER);
        assertEquals(200, first.statusCode(), first.asString());

        assertSameTransaction("select xmin::text from tpp where id = ?", tpp.tppId(), signed.get("X-Request-ID"));

        Response again = post(signed, body, BG_REGISTER);
        assertEquals(200, again.statusCode(), again.asString());
        assertEquals(first.asString(), again.asString());
    }

    @Test
    void theCertificateAddsAnswerIsCommittedWithTheCertificateAndARetryGetsIt() throws Exception {
        String orgId = Api.orgId();
        TestTpp registered = TestPki.shared().tpp(orgId, "Retried Add", Role.PSP_AI);
        Api.signed(registered, "POST", BG_REGISTER, BerlinGroupRegistrationTest.registration(
                "office@retried-add.example", Api.email("retried-add"))).then().statusCode(200);

        TestTpp renewed = TestPki.shared().tpp(orgId, "Retried Add", Role.PSP_AI, Role.PSP_PI);
        byte[] body = "{\"certificate\": {\"name\": \"renewed\", \"type\": \"qseal\"}}".getBytes(StandardCharsets.UTF_8);
        Map<String, String> signed = renewed.signer().sign("POST", BG_CERTIFICATES, Map.of(), body);
        Response first = post(signed, body, BG_CERTIFICATES);
        assertEquals(200, first.statusCode(), first.asString());

        assertSameTransaction("select xmin::text from tpp_certificate where name = 'renewed' and tpp_id = ?", orgId,
                signed.get("X-Request-ID"));

        Response again = post(signed, body, BG_CERTIFICATES);
        assertEquals(200, again.statusCode(), again.asString());
        assertEquals(first.asString(), again.asString());
    }

    private static Response post(Map<String, String> signed, byte[] body, String path) {
        return given().headers(signed).contentType("application/json").body(body).post(path);
    }

    /**
     * PostgreSQL's xmin names the transaction that wrote a row: one transaction wrote both, so no crash can leave the
     * row stored without the answer its retry needs (and the answer sent was not written a second time).
     */
    private void assertSameTransaction(String storedRowXmin, String key, String requestId) throws Exception {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement query = connection.prepareStatement("select (" + storedRowXmin + "), "
                     + "(select xmin::text from request_replay where request_id = ?::uuid)")) {
            query.setString(1, key);
            query.setString(2, requestId);
            try (ResultSet row = query.executeQuery()) {
                assertTrue(row.next());
                assertNotNull(row.getString(1), "the row is stored");
                assertEquals(row.getString(1), row.getString(2), "the row and its answer in one transaction");
            }
        }
    }
}
