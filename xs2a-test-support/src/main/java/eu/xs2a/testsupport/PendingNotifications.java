package eu.xs2a.testsupport;

import eu.xs2a.platform.notify.NotificationDelivery;
import eu.xs2a.platform.task.TaskQueue;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;

/**
 * A service test's hand on the notification tasks (the test profile stops the poller): runs each pending
 * notification's task, oldest first, as the poller would ({@link TaskQueue#runNow}), round after round until none
 * is pending, at most 20 rounds (a receiver that is down keeps them pending).
 */
public final class PendingNotifications {

    private PendingNotifications() {
    }

    public static void deliver(TaskQueue queue, DataSource dataSource) {
        for (int round = 0; round < 20; round++) {
            List<Long> pending = pending(dataSource);
            if (pending.isEmpty()) {
                return;
            }
            pending.forEach(id -> queue.runNow(NotificationDelivery.TYPE, id.toString()));
        }
    }

    private static List<Long> pending(DataSource dataSource) {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement query = connection.prepareStatement(
                     "select id from notification where state = 'pending' order by id");
             ResultSet rows = query.executeQuery()) {
            List<Long> ids = new ArrayList<>();
            while (rows.next()) {
                ids.add(rows.getLong(1));
            }
            return ids;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
