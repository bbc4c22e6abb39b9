package eu.xs2a.platform.notify;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import eu.xs2a.platform.task.NewTask;
import eu.xs2a.platform.task.TaskQueue;
import io.agroal.api.AgroalDataSource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Writes the notification of a status change, in the change's own transaction (the outbox pattern: it commits or
 * rolls back with the change), when the resource's TPP asked for notifications of that kind, and enqueues its
 * delivery ({@link NotificationDelivery}). Plain JDBC on the service's data source, joining the caller's transaction,
 * so that JPA entity listeners may call it while their entity is flushed.
 */
@ApplicationScoped
public class NotificationOutbox {

    static final ObjectMapper JSON = new ObjectMapper();
    private static final String INSERT = """
            insert into notification (resource_key, tpp_id, uri, body, state, attempts, created_at)
            values (?, ?, ?, ?, 'pending', 0, ?)""";

    @Inject AgroalDataSource dataSource;
    @Inject TaskQueue tasks;

    /**
     * Records the change's notification for the resource keyed {@code parentId} in {@code parent}, if its TPP asked for
     * it; call inside the transaction that stores the change.
     *
     * @return whether a notification was recorded
     */
    public boolean record(NotificationParent parent, Object parentId, StatusChange change) {
        try (Connection connection = dataSource.getConnection()) {
            String tppId;
            String uri;
            String content;
            String self;
            String resourceId;
            try (PreparedStatement select = connection.prepareStatement(parent.select())) {
                select.setObject(1, parentId);
                try (ResultSet row = select.executeQuery()) {
                    if (!row.next()) {
                        return false;
                    }
                    tppId = row.getString(1);
                    uri = row.getString(2);
                    content = row.getString(3);
                    self = row.getString(4);
                    resourceId = row.getString(5);
                }
            }
            if (uri == null || !NotificationContent.parse(content).wants(change.isSca(), change.finalStatus())) {
                return false;
            }
            long id;
            try (PreparedStatement insert = connection.prepareStatement(INSERT, new String[] {"id"})) {
                insert.setString(1, parent.key() + ":" + parentId);
                insert.setString(2, tppId);
                insert.setString(3, uri);
                insert.setString(4, body(change, resourceId, self));
                insert.setTimestamp(5, Timestamp.from(change.time()));
                insert.executeUpdate();
                try (ResultSet keys = insert.getGeneratedKeys()) {
                    keys.next();
                    id = keys.getLong(1);
                }
            }
            tasks.enqueue(NewTask.of(NotificationDelivery.TYPE, Long.toString(id)));
            return true;
        } catch (SQLException e) {
            throw new IllegalStateException("Cannot record a notification: " + e.getMessage(), e);
        }
    }

    /** The JSON the TPP receives. */
    static String body(StatusChange change, String resourceId, String self) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("resourceId", resourceId);
        body.put("resourceType", change.resourceType().name());
        if (change.authorisationId() != null) {
            body.put("authorisationId", change.authorisationId());
        }
        body.put("_links", Map.of("self", Map.of("href", self)));
        body.put(change.statusField(), change.status());
        body.put("time", change.time().toString());
        try {
            return JSON.writeValueAsString(body);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
