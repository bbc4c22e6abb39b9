package eu.xs2a.platform.task;

import io.agroal.api.AgroalDataSource;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * The task table's statements, plain JDBC on the service's data source. Each joins the transaction of its caller:
 * {@link #enqueue} the business change's, the others the runtime's own short ones. Every change to a claimed task
 * is fenced by its lease token: a worker whose lease another one has taken over changes nothing.
 */
@Singleton
class TaskStore {

    private static final String COLUMNS = "id, type, subject, payload, target, attempts, created_at";
    private static final String ENQUEUE = """
            insert into task (type, subject, payload, target, state, attempts, next_attempt_at, created_at,
                              updated_at, last_error)
            values (?, ?, ?, ?, 'queued', ?, ?, ?, ?, ?)
            on conflict (type, subject) where state in ('queued', 'running') do nothing""";
    /** A new task held by the worker that enqueues it: running, under its lease, from the start. */
    private static final String ENQUEUE_CLAIMED = """
            insert into task (type, subject, payload, target, state, attempts, next_attempt_at, created_at,
                              updated_at, lease_token, lease_until)
            values (?, ?, ?, ?, 'running', 0, ?, ?, ?, ?, ?)
            on conflict (type, subject) where state in ('queued', 'running') do nothing
            returning""" + " " + COLUMNS;
    /**
     * One statement claims a batch: due queued tasks and running ones whose lease ran out (their worker died), of
     * the given types, not of a target found unreachable in this poll, not run in this poll yet. Rows another worker
     * is claiming at this moment are skipped, not waited for.
     */
    private static final String CLAIM_DUE = """
            update task t set state = 'running', lease_token = ?, lease_until = ?, updated_at = ?
              from (select id from task
                     where ((state = 'queued' and next_attempt_at <= ?) or (state = 'running' and lease_until <= ?))
                       and type = any(?) and not (id = any(?)) and (target is null or not (target = any(?)))
                     order by next_attempt_at, id
                     limit ?
                     for update skip locked) due
             where t.id = due.id
            returning t.id, t.type, t.subject, t.payload, t.target, t.attempts, t.created_at, t.next_attempt_at""";
    /** The pending task of one subject, due or not, unless a live worker holds it. */
    private static final String CLAIM_SUBJECT = """
            update task set state = 'running', lease_token = ?, lease_until = ?, updated_at = ?
             where type = ? and subject = ? and (state = 'queued' or (state = 'running' and lease_until <= ?))
            returning""" + " " + COLUMNS;
    private static final String PENDING = "select 1 from task where type = ? and subject = ? and state in ('queued', 'running')";
    private static final String RENEW = "update task set lease_until = ?, updated_at = ? where id = ? and lease_token = ?";
    private static final String DONE = """
            update task set state = 'done', attempts = attempts + 1, last_error = null, lease_token = null,
                            lease_until = null, updated_at = ?
             where id = ? and lease_token = ?""";
    private static final String RETRY = """
            update task set state = 'queued', attempts = attempts + 1, next_attempt_at = ?, last_error = ?,
                            lease_token = null, lease_until = null, updated_at = ?
             where id = ? and lease_token = ?""";
    private static final String GIVE_UP = """
            update task set state = 'given_up', attempts = attempts + 1, last_error = ?, given_up_reason = ?,
                            lease_token = null, lease_until = null, updated_at = ?
             where id = ? and lease_token = ?""";
    /** Back to the queue as it was (no attempt counted, the same next attempt), with the reason if one is given. */
    private static final String RELEASE = """
            update task set state = 'queued', last_error = coalesce(?, last_error), lease_token = null,
                            lease_until = null, updated_at = ?
             where id = ? and lease_token = ?""";
    private static final String LATEST = """
            select id, type, subject, payload, target, state, attempts, next_attempt_at, lease_until, created_at,
                   updated_at, last_error, given_up_reason
              from task where type = ? and subject = ? order by id desc limit 1""";
    private static final String COUNTS = """
            select type, state, count(*) from task
             where state in ('queued', 'running', 'given_up') and type = any(?) group by type, state""";
    private static final String DELETE_DONE = "delete from task where state = 'done' and updated_at < ?";

    /** Room in the columns last_error and given_up_reason. */
    static final int MAX_REASON = 1000;

    /** A task this worker holds, the token that proves it, and until when its claim holds the lease. */
    record Claimed(Task task, UUID token, Instant leaseUntil) {
    }

    @Inject AgroalDataSource dataSource;

    /** @return whether a task was added (false: one of this type and subject is pending already) */
    boolean enqueue(NewTask task, int attempts, Instant nextAttemptAt, Instant now) {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement insert = connection.prepareStatement(ENQUEUE)) {
            insert.setString(1, task.type());
            insert.setString(2, task.subject());
            insert.setString(3, task.payload());
            insert.setString(4, task.target());
            insert.setInt(5, attempts);
            insert.setObject(6, utc(nextAttemptAt));
            insert.setObject(7, utc(now));
            insert.setObject(8, utc(now));
            insert.setString(9, fitted(task.failedOnce()));
            return insert.executeUpdate() == 1;
        } catch (SQLException e) {
            throw failed("enqueue task " + task.type() + " of " + task.subject(), e);
        }
    }

    /** @return the task, added and claimed until {@code leaseUntil}; empty when one of its type and subject is pending */
    Optional<Claimed> enqueueClaimed(NewTask task, Instant now, Instant leaseUntil) {
        UUID token = UUID.randomUUID();
        try (Connection connection = dataSource.getConnection();
             PreparedStatement insert = connection.prepareStatement(ENQUEUE_CLAIMED)) {
            insert.setString(1, task.type());
            insert.setString(2, task.subject());
            insert.setString(3, task.payload());
            insert.setString(4, task.target());
            insert.setObject(5, utc(now));
            insert.setObject(6, utc(now));
            insert.setObject(7, utc(now));
            insert.setObject(8, token);
            insert.setObject(9, utc(leaseUntil));
            try (ResultSet rows = insert.executeQuery()) {
                return rows.next() ? Optional.of(new Claimed(task(rows), token, leaseUntil)) : Optional.empty();
            }
        } catch (SQLException e) {
            throw failed("enqueue task " + task.type() + " of " + task.subject(), e);
        }
    }

    /** Claims up to {@code limit} due tasks for {@code leaseUntil}, oldest due first. */
    List<Claimed> claimDue(Collection<String> types, Collection<String> skippedTargets, Collection<Long> skippedIds,
                           Instant now, Instant leaseUntil, int limit) {
        UUID token = UUID.randomUUID();
        try (Connection connection = dataSource.getConnection();
             PreparedStatement claim = connection.prepareStatement(CLAIM_DUE)) {
            claim.setObject(1, token);
            claim.setObject(2, utc(leaseUntil));
            claim.setObject(3, utc(now));
            claim.setObject(4, utc(now));
            claim.setObject(5, utc(now));
            claim.setArray(6, connection.createArrayOf("varchar", types.toArray()));
            claim.setArray(7, connection.createArrayOf("bigint", skippedIds.toArray()));
            claim.setArray(8, connection.createArrayOf("varchar", skippedTargets.toArray()));
            claim.setInt(9, limit);
            List<Claimed> claimed = new ArrayList<>();
            Map<Long, Instant> due = new HashMap<>();
            try (ResultSet rows = claim.executeQuery()) {
                while (rows.next()) {
                    claimed.add(new Claimed(task(rows), token, leaseUntil));
                    due.put(rows.getLong(1), instant(rows, 8));
                }
            }
            // UPDATE ... RETURNING keeps no order: run them in the order they became due
            claimed.sort((a, b) -> {
                int byDue = due.get(a.task().id()).compareTo(due.get(b.task().id()));
                return byDue != 0 ? byDue : Long.compare(a.task().id(), b.task().id());
            });
            return claimed;
        } catch (SQLException e) {
            throw failed("claim due tasks", e);
        }
    }

    /** Claims the pending task of one subject, or empty when there is none or a live worker holds it. */
    Optional<Claimed> claimSubject(String type, String subject, Instant now, Instant leaseUntil) {
        UUID token = UUID.randomUUID();
        try (Connection connection = dataSource.getConnection();
             PreparedStatement claim = connection.prepareStatement(CLAIM_SUBJECT)) {
            claim.setObject(1, token);
            claim.setObject(2, utc(leaseUntil));
            claim.setObject(3, utc(now));
            claim.setString(4, type);
            claim.setString(5, subject);
            claim.setObject(6, utc(now));
            try (ResultSet rows = claim.executeQuery()) {
                return rows.next() ? Optional.of(new Claimed(task(rows), token, leaseUntil)) : Optional.empty();
            }
        } catch (SQLException e) {
            throw failed("claim task " + type + " of " + subject, e);
        }
    }

    boolean pending(String type, String subject) {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement query = connection.prepareStatement(PENDING)) {
            query.setString(1, type);
            query.setString(2, subject);
            try (ResultSet rows = query.executeQuery()) {
                return rows.next();
            }
        } catch (SQLException e) {
            throw failed("read task " + type + " of " + subject, e);
        }
    }

    /** @return whether this worker still holds the task (and now until {@code leaseUntil}) */
    boolean renew(Claimed claimed, Instant now, Instant leaseUntil) {
        return fenced(RENEW, claimed, statement -> {
            statement.setObject(1, utc(leaseUntil));
            statement.setObject(2, utc(now));
            return 3;
        });
    }

    boolean done(Claimed claimed, Instant now) {
        return fenced(DONE, claimed, statement -> {
            statement.setObject(1, utc(now));
            return 2;
        });
    }

    boolean retry(Claimed claimed, Instant next, String reason, Instant now) {
        return fenced(RETRY, claimed, statement -> {
            statement.setObject(1, utc(next));
            statement.setString(2, fitted(reason));
            statement.setObject(3, utc(now));
            return 4;
        });
    }

    boolean giveUp(Claimed claimed, String reason, Instant now) {
        return fenced(GIVE_UP, claimed, statement -> {
            statement.setString(1, fitted(reason));
            statement.setString(2, fitted(reason));
            statement.setObject(3, utc(now));
            return 4;
        });
    }

    boolean release(Claimed claimed, String reason, Instant now) {
        return fenced(RELEASE, claimed, statement -> {
            statement.setString(1, fitted(reason));
            statement.setObject(2, utc(now));
            return 3;
        });
    }

    Optional<TaskView> latest(String type, String subject) {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement query = connection.prepareStatement(LATEST)) {
            query.setString(1, type);
            query.setString(2, subject);
            try (ResultSet rows = query.executeQuery()) {
                if (!rows.next()) {
                    return Optional.empty();
                }
                return Optional.of(new TaskView(rows.getLong(1), rows.getString(2), rows.getString(3),
                        rows.getString(4), rows.getString(5), TaskView.State.of(rows.getString(6)), rows.getInt(7),
                        instant(rows, 8), instant(rows, 9), instant(rows, 10), instant(rows, 11), rows.getString(12),
                        rows.getString(13)));
            }
        } catch (SQLException e) {
            throw failed("read task " + type + " of " + subject, e);
        }
    }

    /** Tasks per type and state (queued, running, given up) of the given types. */
    Map<String, Map<TaskView.State, Long>> counts(Collection<String> types) {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement query = connection.prepareStatement(COUNTS)) {
            query.setArray(1, connection.createArrayOf("varchar", types.toArray()));
            Map<String, Map<TaskView.State, Long>> counts = new HashMap<>();
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    counts.computeIfAbsent(rows.getString(1), type -> new HashMap<>())
                            .put(TaskView.State.of(rows.getString(2)), rows.getLong(3));
                }
            }
            return counts;
        } catch (SQLException e) {
            throw failed("count tasks", e);
        }
    }

    int deleteDoneBefore(Instant cutoff) {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement delete = connection.prepareStatement(DELETE_DONE)) {
            delete.setObject(1, utc(cutoff));
            return delete.executeUpdate();
        } catch (SQLException e) {
            throw failed("delete finished tasks", e);
        }
    }

    private interface Parameters {
        /** Sets the statement's own parameters; returns the index of the id, which the lease token follows. */
        int set(PreparedStatement statement) throws SQLException;
    }

    private boolean fenced(String sql, Claimed claimed, Parameters parameters) {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement update = connection.prepareStatement(sql)) {
            int id = parameters.set(update);
            update.setLong(id, claimed.task().id());
            update.setObject(id + 1, claimed.token());
            return update.executeUpdate() == 1;
        } catch (SQLException e) {
            throw failed("update task " + claimed.task().id(), e);
        }
    }

    private static Task task(ResultSet rows) throws SQLException {
        return new Task(rows.getLong(1), rows.getString(2), rows.getString(3), rows.getString(4), rows.getString(5),
                rows.getInt(6), instant(rows, 7));
    }

    private static Instant instant(ResultSet rows, int column) throws SQLException {
        OffsetDateTime value = rows.getObject(column, OffsetDateTime.class);
        return value == null ? null : value.toInstant();
    }

    private static OffsetDateTime utc(Instant instant) {
        return instant.atOffset(ZoneOffset.UTC);
    }

    static String fitted(String reason) {
        return reason == null || reason.length() <= MAX_REASON ? reason : reason.substring(0, MAX_REASON);
    }

    /** Wraps the SQLException, which the services' error mappers answer 503 when a request path meets it. */
    private static IllegalStateException failed(String what, SQLException e) {
        return new IllegalStateException("Cannot " + what + ": " + e.getMessage(), e);
    }
}
