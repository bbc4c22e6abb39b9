package eu.xs2a.security.replay;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.locks.LockSupport;
import javax.sql.DataSource;

/**
 * Inserts the claims of concurrent requests as one statement (group commit). A request that finds no batch in
 * flight sends its own claim, together with every claim that arrived while the previous batch was in flight; the
 * others wait for their batch's answer. Each statement costs PostgreSQL a round trip and an executor start whatever
 * its rows, so under load the claims share them; a request alone sends a one-row insert, as before.
 *
 * <p>A claim is first when its row was inserted by its batch. Two claims of one (tpp_id, request_id) in one batch:
 * {@code on conflict do nothing} inserts the first and skips the second, and only the first in batch order is told
 * it was inserted; the other goes on as a repeated id. So the rule "only one of two twins is first" holds inside a
 * batch as it does between batches.
 */
final class ClaimBatcher {

    /** One claim's row; {@code path} and {@code digest} already cut to their columns' sizes. */
    record Claim(String tppId, UUID requestId, String method, String path, String digest, Timestamp createdAt) {
    }

    private static final String ASYNC_COMMIT = PostgresReplayStore.ASYNC_COMMIT;
    private static final String INSERT_ONE = ASYNC_COMMIT
            + "insert into request_replay (tpp_id, request_id, method, path, digest, created_at) "
            + "select ?, ?, ?, ?, ?, ? from async_commit on conflict (tpp_id, request_id) do nothing";
    /** Any number of rows as one prepared statement: one array per column. */
    private static final String INSERT_MANY = ASYNC_COMMIT
            + "insert into request_replay (tpp_id, request_id, method, path, digest, created_at) "
            + "select c.tpp_id, c.request_id, c.method, c.path, c.digest, c.created_at from async_commit, "
            + "unnest(?::varchar[], ?::uuid[], ?::varchar[], ?::varchar[], ?::varchar[], ?::timestamptz[]) "
            + "as c (tpp_id, request_id, method, path, digest, created_at) "
            + "on conflict (tpp_id, request_id) do nothing returning tpp_id, request_id";

    private final DataSource dataSource;
    private final int maxBatch;
    private final Object lock = new Object();
    /** Claims waiting for the next batch; guarded by {@link #lock}. */
    private final ArrayDeque<Waiter> queue = new ArrayDeque<>();
    /** Whether a batch is in flight; guarded by {@link #lock}. */
    private boolean sending;

    /** @param maxBatch the most claims in one statement; 1 sends every claim alone */
    ClaimBatcher(DataSource dataSource, int maxBatch) {
        if (maxBatch < 1) {
            throw new IllegalArgumentException("maxBatch must be at least 1: " + maxBatch);
        }
        this.dataSource = dataSource;
        this.maxBatch = maxBatch;
    }

    /** Whether this claim's row was inserted, i.e. its id was not in use. */
    boolean insert(Claim claim) throws SQLException {
        if (maxBatch == 1) {
            return insertOne(claim);
        }
        Waiter mine = new Waiter(claim);
        synchronized (lock) {
            if (sending) {
                queue.add(mine);
            } else {
                sending = true;
                mine.state = Waiter.SEND;
            }
        }
        boolean interrupted = false;
        while (mine.state == Waiter.WAITING) {
            LockSupport.park(this);
            // park returns at once while the flag is set: clear it to wait on, and set it again afterwards
            interrupted |= Thread.interrupted();
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        if (mine.state == Waiter.SEND) {
            send(mine);
        }
        if (mine.failure != null) {
            // a new exception, so that this thread's stack trace is in it too
            throw new SQLException(mine.failure.getMessage(), mine.failure.getSQLState(), mine.failure);
        }
        return mine.state == Waiter.INSERTED;
    }

    /** Sends this claim with those queued meanwhile, then hands the sending on to the next one waiting, if any. */
    private void send(Waiter sender) {
        List<Waiter> batch = new ArrayList<>();
        batch.add(sender);
        synchronized (lock) {
            while (batch.size() < maxBatch && !queue.isEmpty()) {
                batch.add(queue.poll());
            }
        }
        try {
            if (batch.size() == 1) {
                sender.state = insertOne(sender.claim) ? Waiter.INSERTED : Waiter.NOT_INSERTED;
            } else {
                insertMany(batch);
            }
        } catch (Throwable e) {
            // every claim of the batch fails with it; none may wait for an answer that will not come
            SQLException failure = e instanceof SQLException sql ? sql : new SQLException(e.toString(), e);
            for (Waiter waiter : batch) {
                waiter.failure = failure;
                waiter.state = Waiter.NOT_INSERTED;
            }
        } finally {
            Waiter next;
            synchronized (lock) {
                next = queue.poll();
                if (next == null) {
                    sending = false;
                } else {
                    next.state = Waiter.SEND;
                }
            }
            for (Waiter waiter : batch) {
                if (waiter != sender) {
                    LockSupport.unpark(waiter.thread);
                }
            }
            if (next != null) {
                LockSupport.unpark(next.thread);
            }
        }
    }

    /** How many claims wait for a batch now (for tests). */
    int waiting() {
        synchronized (lock) {
            return queue.size();
        }
    }

    private boolean insertOne(Claim claim) throws SQLException {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement insert = connection.prepareStatement(INSERT_ONE)) {
            insert.setString(1, claim.tppId());
            insert.setObject(2, claim.requestId());
            insert.setString(3, claim.method());
            insert.setString(4, claim.path());
            insert.setString(5, claim.digest());
            insert.setTimestamp(6, claim.createdAt());
            return insert.executeUpdate() == 1;
        }
    }

    private void insertMany(List<Waiter> batch) throws SQLException {
        int size = batch.size();
        String[] tppIds = new String[size];
        UUID[] requestIds = new UUID[size];
        String[] methods = new String[size];
        String[] paths = new String[size];
        String[] digests = new String[size];
        // as ISO-8601 instants, which PostgreSQL reads the same whatever the session's time zone
        String[] createdAt = new String[size];
        for (int i = 0; i < size; i++) {
            Claim claim = batch.get(i).claim;
            tppIds[i] = claim.tppId();
            requestIds[i] = claim.requestId();
            methods[i] = claim.method();
            paths[i] = claim.path();
            digests[i] = claim.digest();
            createdAt[i] = claim.createdAt().toInstant().toString();
        }
        Set<Key> inserted = new HashSet<>();
        try (Connection connection = dataSource.getConnection();
             PreparedStatement insert = connection.prepareStatement(INSERT_MANY)) {
            List<Array> arrays = List.of(connection.createArrayOf("varchar", tppIds),
                    connection.createArrayOf("uuid", requestIds), connection.createArrayOf("varchar", methods),
                    connection.createArrayOf("varchar", paths), connection.createArrayOf("varchar", digests),
                    connection.createArrayOf("timestamptz", createdAt));
            for (int i = 0; i < arrays.size(); i++) {
                insert.setArray(i + 1, arrays.get(i));
            }
            try (ResultSet rows = insert.executeQuery()) {
                while (rows.next()) {
                    inserted.add(new Key(rows.getString(1), rows.getObject(2, UUID.class)));
                }
            }
        }
        for (Waiter waiter : batch) {
            // remove: a twin later in the batch was skipped by the insert, so it is not first
            boolean first = inserted.remove(new Key(waiter.claim.tppId(), waiter.claim.requestId()));
            waiter.state = first ? Waiter.INSERTED : Waiter.NOT_INSERTED;
        }
    }

    private record Key(String tppId, UUID requestId) {
    }

    private static final class Waiter {
        static final int WAITING = 0;
        /** This waiter's thread sends the next batch. */
        static final int SEND = 1;
        static final int INSERTED = 2;
        static final int NOT_INSERTED = 3;

        final Claim claim;
        final Thread thread = Thread.currentThread();
        volatile int state = WAITING;
        /** Set before {@link #state} leaves WAITING or SEND, so the volatile write publishes it. */
        SQLException failure;

        Waiter(Claim claim) {
            this.claim = claim;
        }
    }
}
