package eu.xs2a.payment.support;

import eu.xs2a.testsupport.Sql;
import io.agroal.api.AgroalDataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the gateway's own records (what the TPP API does not show: the bank's id, the payment's tasks and their
 * attempts) of a payment named by its paymentId.
 */
public final class GatewayDb {

    private final AgroalDataSource dataSource;
    private final Sql sql;

    public GatewayDb(AgroalDataSource dataSource) {
        this.dataSource = dataSource;
        this.sql = new Sql(dataSource);
    }

    public String bankPaymentId(String paymentId) {
        return paymentColumn("bank_payment_id", paymentId);
    }

    /** The bank's SCA page of the payment, as the bank answered its submission. */
    public String bankScaUrl(String paymentId) {
        return paymentColumn("bank_sca_url", paymentId);
    }

    /** The state of the payment's newest task of this type (queued, running, done, given_up), or null: none. */
    public String taskState(String type, String paymentId) {
        return sql.text("select state from task where type = ? and subject = ? order by id desc limit 1",
                type, paymentId);
    }

    /** The payment's status reason (the bank's, or the gateway's: NARR, MS03). */
    public String statusReason(String paymentId) {
        return paymentColumn("status_reason", paymentId);
    }

    /** The debtor account the PSU chose at the bank, as stored; null when none is known (or the TPP named one). */
    public String chosenDebtorIban(String paymentId) {
        return paymentColumn("chosen_debtor_iban", paymentId);
    }

    public String transactionStatus(String paymentId) {
        return paymentColumn("transaction_status", paymentId);
    }

    /** Finished attempts of the payment's newest submission task (0 without one). */
    public long submitAttempts(String paymentId) {
        return taskAttempts("payment-submission", paymentId);
    }

    /** PENDING, WITHDRAWN or ABANDONED for a cancelled payment whose copy the bank holds; else null. */
    public String bankWithdrawal(String paymentId) {
        return paymentColumn("bank_withdrawal", paymentId);
    }

    /** Finished attempts of the payment's newest withdrawal task (0 without one). */
    public long withdrawalAttempts(String paymentId) {
        return taskAttempts("payment-withdrawal", paymentId);
    }

    /** Why the newest withdrawal task of the payment was given up, else why its last attempt failed. */
    public String lastWithdrawalError(String paymentId) {
        return sql.text("select coalesce(given_up_reason, last_error) from task where type = 'payment-withdrawal'"
                + " and subject = ? order by id desc limit 1", paymentId);
    }

    private long taskAttempts(String type, String paymentId) {
        String attempts = sql.text("select attempts::text from task where type = ? and subject = ?"
                + " order by id desc limit 1", type, paymentId);
        return attempts == null ? 0 : Long.parseLong(attempts);
    }

    /**
     * The payments whose bank copy an operator must settle, by the query README ("Withdrawals an operator must
     * settle") gives.
     */
    public List<String> abandonedWithdrawals() {
        List<String> ids = new ArrayList<>();
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement("""
                select p.resource_id, p.provider_code, p.bank_payment_id, p.withdrawal_ended_at, t.attempts,
                       t.given_up_reason
                from payment p
                left join lateral (select attempts, given_up_reason from task
                                    where type = 'payment-withdrawal' and subject = p.resource_id
                                    order by id desc limit 1) t on true
                where p.bank_withdrawal = 'ABANDONED'
                order by p.withdrawal_ended_at desc""");
             ResultSet rs = s.executeQuery()) {
            while (rs.next()) {
                ids.add(rs.getString("resource_id"));
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return ids;
    }

    /** When the gateway last heard from the bank about the payment (an answer or a status event), or null. */
    public Instant bankHeardAt(String paymentId) {
        String micros = sql.text("select (extract(epoch from bank_heard_at) * 1000000)::bigint::text from payment"
                + " where resource_id = ?", paymentId);
        return micros == null ? null : Instant.EPOCH.plus(Long.parseLong(micros), ChronoUnit.MICROS);
    }

    /** Leaves a payment as a pod of the release before executed_at would: executed, with no executed_at. */
    public void forgetExecution(String paymentId) {
        sql.update("update payment set executed_at = null where resource_id = ?", paymentId);
    }

    /** Moves a payment's execution (when it reached ACSC) back in time; its last change stays where it is. */
    public void executedAgo(String paymentId, Duration age) {
        sql.update("update payment set executed_at = now() - ?::interval where resource_id = ?",
                age.toSeconds() + " seconds", paymentId);
    }

    /** The status of the answer kept for a request id, or null while none is kept. */
    public String keptAnswerStatus(String requestId) {
        return sql.text("select response_status::text from request_replay where request_id = ?::uuid", requestId);
    }

    /** True when one transaction wrote the authorisation and the answer kept for a request id (PostgreSQL's xmin). */
    public boolean keptWithAuthorisation(String authorisationId, String requestId) {
        return Boolean.parseBoolean(sql.text("select ((select xmin from payment_authorisation where id = ?)::text = "
                + "(select xmin from request_replay where request_id = ?::uuid)::text)::text", authorisationId, requestId));
    }

    /** True when one transaction last wrote both the payment and the answer kept for a request id, as above. */
    public boolean keptWithPayment(String paymentId, String requestId) {
        return Boolean.parseBoolean(sql.text("select ((select xmin from payment where resource_id = ?)::text = "
                + "(select xmin from request_replay where request_id = ?::uuid)::text)::text", paymentId, requestId));
    }

    /** Moves a payment's initiation (and last change) back in time, as if it had waited that long. */
    public void initiatedAgo(String paymentId, Duration age) {
        String interval = age.toSeconds() + " seconds";
        sql.update("update payment set created_at = now() - ?::interval, updated_at = now() - ?::interval,"
                + " bank_heard_at = null where resource_id = ?", interval, interval, paymentId);
    }

    /** The paymentId of the payment initiated last, or null: none. */
    public String latestPaymentId() {
        return sql.text("select resource_id from payment order by id desc limit 1");
    }

    public long paymentCount() {
        return sql.number("select count(*) from payment");
    }

    /** One column of the payment's row, as text. */
    private String paymentColumn(String column, String paymentId) {
        return sql.text("select " + column + " from payment where resource_id = ?", paymentId);
    }
}
