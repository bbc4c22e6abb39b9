package eu.xs2a.sandbox.events;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;

/**
 * The outbox table {@code bank_event}, written by the database's triggers (migration V7) with every status change.
 * Each statement here is a transaction of its own (auto-commit), so no connection or lock is held while an event is
 * being sent. A claim leases the events it takes ({@code next_attempt_at} moved past the send's timeout), so that
 * several instances, or the scheduled pass and an immediate attempt, do not send one event at the same time.
 */
@ApplicationScoped
public class BankEventOutbox {

    private static final String CLAIM = """
            update bank_event e set attempts = e.attempts + 1, next_attempt_at = now() + ?::interval
              from (select id from bank_event
                     where delivered_at is null and given_up_at is null and next_attempt_at <= now() %s
                     order by next_attempt_at limit ? for update skip locked) due
             where e.id = due.id
            returning e.id, e.resource, e.resource_id, e.status, e.status_reason, e.occurred_at, e.attempts""";

    @Inject DataSource dataSource;

    /** Claims up to {@code limit} due events, each for one attempt, leased for {@code lease}. */
    List<BankEvent> claimDue(int limit, Duration lease) {
        return claim(CLAIM.formatted(""), null, limit, lease);
    }

    /** Claims the due events of one consent or payment (the immediate attempt after its change committed). */
    List<BankEvent> claimDueOf(String resourceId, int limit, Duration lease) {
        return claim(CLAIM.formatted("and resource_id = ?"), resourceId, limit, lease);
    }

    void delivered(String eventId) {
        update("update bank_event set delivered_at = now(), last_error = null where id = ?::uuid", eventId);
    }

    /** A failed attempt: the next one after {@code delay}. */
    void failed(String eventId, String error, Duration delay) {
        update("update bank_event set next_attempt_at = now() + ?::interval, last_error = ? where id = ?::uuid",
                interval(delay), error, eventId);
    }

    void givenUp(String eventId, String error) {
        update("update bank_event set given_up_at = now(), last_error = ? where id = ?::uuid", error, eventId);
    }

    private List<BankEvent> claim(String sql, String resourceId, int limit, Duration lease) {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement statement = connection.prepareStatement(sql)) {
            int i = 1;
            statement.setString(i++, interval(lease));
            if (resourceId != null) {
                statement.setString(i++, resourceId);
            }
            statement.setInt(i, limit);
            List<BankEvent> events = new ArrayList<>();
            try (ResultSet row = statement.executeQuery()) {
                while (row.next()) {
                    Timestamp occurred = row.getTimestamp(6);
                    events.add(new BankEvent(row.getString(1), row.getString(2), row.getString(3), row.getString(4),
                            row.getString(5), occurred == null ? Instant.now() : occurred.toInstant(), row.getInt(7)));
                }
            }
            return events;
        } catch (SQLException e) {
            throw new IllegalStateException("cannot claim bank events", e);
        }
    }

    private void update(String sql, String... values) {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement statement = connection.prepareStatement(sql)) {
            for (int i = 0; i < values.length; i++) {
                statement.setString(i + 1, values[i] == null ? null : truncated(values[i]));
            }
            statement.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("cannot update a bank event", e);
        }
    }

    private static String interval(Duration duration) {
        return duration.toMillis() + " milliseconds";
    }

    private static String truncated(String value) {
        return value.length() <= 300 ? value : value.substring(0, 300);
    }
}
