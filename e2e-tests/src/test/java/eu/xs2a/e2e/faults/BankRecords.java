package eu.xs2a.e2e.faults;

import static io.restassured.RestAssured.given;

import io.restassured.response.Response;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What the sandbox bank itself holds: the judge of "exactly once". Payments by idempotency key through the bank's API
 * (BANK-API.md); what the API cannot list (every payment and booking of an end-to-end id, every consent of a TPP) from
 * the bank's own database, whose schema belongs to aspsp-sandbox and not to the gateway.
 */
final class BankRecords {

    /** The provider registry's default credential of the sandbox (config/providers.properties). */
    private static final String SERVICE_CREDENTIAL = "sandbox-service-credential";

    private final String databaseUrl;
    private final String bankUrl;

    BankRecords(String databaseUrl, String bankUrl) {
        this.databaseUrl = databaseUrl;
        this.bankUrl = bankUrl;
    }

    /** {@code GET /bank/v1/payments?idempotencyKey=}: the bank's payments under the gateway's payment id. */
    List<Map<String, Object>> paymentsUnderKey(String idempotencyKey) {
        Response answer = given().baseUri(bankUrl).header("Authorization", "Bearer " + SERVICE_CREDENTIAL)
                .queryParam("idempotencyKey", idempotencyKey).get("/bank/v1/payments");
        if (answer.statusCode() != 200) {
            throw new AssertionError("The bank did not list its payments: " + answer.statusCode() + " " + answer.asString());
        }
        return answer.jsonPath().getList("payments");
    }

    /** The idempotency key of every payment the bank holds with this end-to-end id. */
    List<String> paymentKeysWithEndToEndId(String endToEndId) {
        return strings("select idempotency_key from payment where end_to_end_id = ? order by created_at", endToEndId);
    }

    /** Every debit the bank booked with this end-to-end id (a payment executed twice debits twice). */
    List<String> debitsWithEndToEndId(String endToEndId) {
        return strings("select transaction_id from bank_transaction where end_to_end_id = ? and amount < 0 order by id",
                endToEndId);
    }

    /** The status of every consent the bank holds for this TPP (its organisation identifier), oldest first. */
    List<String> consentStatusesOfTpp(String tppId) {
        return strings("select status from consent where tpp_id = ? order by created_at", tppId);
    }

    /** The bank's id of every consent it holds for this TPP, oldest first. */
    List<String> consentIdsOfTpp(String tppId) {
        return strings("select id from consent where tpp_id = ? order by created_at", tppId);
    }

    /** How many consents the bank holds under this idempotency key (the gateway's consent id it registered). */
    int consentsUnderKey(String idempotencyKey) {
        return strings("select id from consent where idempotency_key = ?", idempotencyKey).size();
    }

    /** The idempotency key (the gateway's consent id) of every consent the bank holds for this TPP, oldest first. */
    List<String> consentKeysOfTpp(String tppId) {
        return strings("select idempotency_key from consent where tpp_id = ? order by created_at", tppId);
    }

    private List<String> strings(String sql, String parameter) {
        try (Connection c = DriverManager.getConnection(databaseUrl, "xs2a", "xs2a");
             PreparedStatement statement = c.prepareStatement(sql)) {
            statement.setString(1, parameter);
            List<String> values = new ArrayList<>();
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    values.add(rows.getString(1));
                }
            }
            return values;
        } catch (SQLException e) {
            throw new IllegalStateException("Cannot read the sandbox bank's database " + databaseUrl + ": " + e.getMessage(), e);
        }
    }
}
