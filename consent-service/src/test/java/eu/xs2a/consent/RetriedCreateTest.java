package eu.xs2a.consent;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.consent.support.ConsentTestBase;
import eu.xs2a.consent.support.Psu;
import eu.xs2a.consent.support.Signed;
import eu.xs2a.consent.support.Tpps;
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
 * A retried create (same X-Request-ID and Digest) gets the first answer even when the service died after storing the
 * consent: the answer is committed with the consent, not after it.
 */
@QuarkusTest
class RetriedCreateTest extends ConsentTestBase {

    @Inject
    AgroalDataSource dataSource;

    @Test
    void theAnswerIsCommittedInTheTransactionThatStoresTheConsent() throws Exception {
        byte[] body = Signed.aisBody(null, 4, true, Psu.PSU1_MAIN).getBytes(StandardCharsets.UTF_8);
        Map<String, String> signed = Tpps.ALPHA.signer().sign("POST", Signed.AIS, Signed.redirectHeaders(), body);
        Response first = given().headers(signed).contentType("application/json").body(body).post(Signed.AIS);
        assertEquals(201, first.statusCode(), first.asString());

        // PostgreSQL's xmin names the transaction that wrote a row: one transaction wrote both, so no crash can leave
        // the consent without the answer its retry needs; and the answer sent was not written a second time
        try (Connection connection = dataSource.getConnection();
             PreparedStatement query = connection.prepareStatement("select (select xmin::text from consent where id = ?), "
                     + "(select xmin::text from request_replay where request_id = ?::uuid)")) {
            query.setString(1, first.jsonPath().getString("consentId"));
            query.setString(2, signed.get("X-Request-ID"));
            try (ResultSet row = query.executeQuery()) {
                assertTrue(row.next());
                assertNotNull(row.getString(1), "the consent is stored");
                assertEquals(row.getString(1), row.getString(2), "the consent and its answer in one transaction");
            }
        }

        Response again = given().headers(signed).contentType("application/json").body(body).post(Signed.AIS);
        assertEquals(201, again.statusCode(), again.asString());
        assertEquals(first.asString(), again.asString());
        assertEquals(first.header("Location"), again.header("Location"));
        assertEquals(first.header("ASPSP-SCA-Approach"), again.header("ASPSP-SCA-Approach"));
    }
}
