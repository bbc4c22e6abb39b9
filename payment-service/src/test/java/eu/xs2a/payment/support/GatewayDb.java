package eu.xs2a.payment.support;

import io.agroal.api.AgroalDataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/** Reads the gateway's own records (what the TPP API does not show: the bank's id, submission attempts). */
public final class GatewayDb {

    private final AgroalDataSource dataSource;

    public GatewayDb(AgroalDataSource dataSource) {
        this.dataSource = dataSource;
    }

    public String bankPaymentId(long paymentId) {
        return string("select bank_payment_id from payment where id = ?", paymentId);
    }

    /** When the retry job is next due to submit the payment, or null when it is not the job's. */
    public String nextSubmitAt(long paymentId) {
        return string("select next_submit_at::text from payment where id = ?", paymentId);
    }

    public String transactionStatus(long paymentId) {
        return string("select transaction_status from payment where id = ?", paymentId);
    }

    public long submitAttempts(long paymentId) {
        return Long.parseLong(string("select submit_attempts::text from payment where id = ?", paymentId));
    }

    /** The status of the answer kept for a request id, or null while none is kept. */
    public String keptAnswerStatus(String requestId) {
        return string("select response_status::text from request_replay where request_id = ?::uuid", requestId);
    }

    /** True when one transaction wrote the authorisation and the answer kept for a request id (PostgreSQL's xmin). */
    public boolean keptWithAuthorisation(String authorisationId, String requestId) {
        return Boolean.parseBoolean(string("select ((select xmin from payment_authorisation where id = ?)::text = "
                + "(select xmin from request_replay where request_id = ?::uuid)::text)::text", authorisationId, requestId));
    }

    /** True when one transaction last wrote both the payment and the answer kept for a request id, as above. */
    public boolean keptWithPayment(long paymentId, String requestId) {
        return Boolean.parseBoolean(string("select ((select xmin from payment where id = ?)::text = "
                + "(select xmin from request_replay where request_id = ?::uuid)::text)::text", paymentId, requestId));
    }

    /** Moves a payment's initiation (and last change) back in time, as if it had waited that long. */
    public void initiatedAgo(long paymentId, java.time.Duration age) {
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(
                "update payment set created_at = now() - ?::interval, updated_at = now() - ?::interval,"
                        + " status_checked_at = null where id = ?")) {
            String interval = age.toSeconds() + " seconds";
            s.setString(1, interval);
            s.setString(2, interval);
            s.setLong(3, paymentId);
            s.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    public long latestPaymentId() {
        return Long.parseLong(string("select max(id)::text from payment"));
    }

    public long paymentCount() {
        return Long.parseLong(string("select count(*)::text from payment"));
    }

    private String string(String sql, Object... params) {
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                s.setObject(i + 1, params[i]);
            }
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
