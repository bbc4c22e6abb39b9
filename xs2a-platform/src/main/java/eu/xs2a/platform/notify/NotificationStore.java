package eu.xs2a.platform.notify;

import io.agroal.api.AgroalDataSource;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Optional;

/** The notification table's statements for its delivery; each joins its caller's (short) transaction. */
@Singleton
class NotificationStore {

    record Row(long id, String resourceKey, String tppId, String uri, String body, String state, int attempts,
               Instant createdAt) {
    }

    private static final String READ = """
            select id, resource_key, tpp_id, uri, body, state, attempts, created_at from notification where id = ?""";
    private static final String EARLIER = """
            select id from notification where resource_key = ? and id < ? and state = 'pending' order by id limit 1""";
    private static final String SETTLE = """
            update notification set state = ?, attempts = attempts + ?, sent_at = ? where id = ? and state = 'pending'""";
    private static final String FAILED = "update notification set attempts = attempts + 1 where id = ?";

    @Inject AgroalDataSource dataSource;

    Optional<Row> read(long id) {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement statement = connection.prepareStatement(READ)) {
            statement.setLong(1, id);
            try (ResultSet row = statement.executeQuery()) {
                if (!row.next()) {
                    return Optional.empty();
                }
                return Optional.of(new Row(row.getLong(1), row.getString(2), row.getString(3), row.getString(4),
                        row.getString(5), row.getString(6), row.getInt(7), row.getTimestamp(8).toInstant()));
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The id of an earlier notification of the same resource still to be delivered, if any. */
    Optional<Long> earlierPending(Row row) {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement statement = connection.prepareStatement(EARLIER)) {
            statement.setString(1, row.resourceKey());
            statement.setLong(2, row.id());
            try (ResultSet result = statement.executeQuery()) {
                return result.next() ? Optional.of(result.getLong(1)) : Optional.empty();
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    void sent(long id, Instant now) {
        settle(id, "sent", 1, now);
    }

    void givenUp(long id) {
        settle(id, "given_up", 0, null);
    }

    void failed(long id) {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement statement = connection.prepareStatement(FAILED)) {
            statement.setLong(1, id);
            statement.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private void settle(long id, String state, int attempt, Instant sentAt) {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement statement = connection.prepareStatement(SETTLE)) {
            statement.setString(1, state);
            statement.setInt(2, attempt);
            statement.setTimestamp(3, sentAt == null ? null : Timestamp.from(sentAt));
            statement.setLong(4, id);
            statement.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
