package eu.xs2a.security.replay;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import javax.sql.DataSource;

/**
 * {@link ReplayStore} on the service's own PostgreSQL database (table {@code request_replay} of migration
 * {@code db/security/V0_1__request_replay.sql}), plain JDBC. The primary key (tpp_id, request_id) makes the
 * claim atomic across replicas: two concurrent requests with one id cannot both be first.
 */
public class PostgresReplayStore implements ReplayStore {

    /**
     * Claims and answers are committed without waiting for the write-ahead log to reach the disk
     * ({@code synchronous_commit} off; set_config(..., true) lasts until the end of the statement's own transaction,
     * so the pooled connection keeps the server's setting). Only a crash of PostgreSQL itself can lose them, and only
     * those of its last fraction of a second (at most three wal_writer_delay, 0.6 s by default):
     * <ul>
     * <li>a request that changes something commits its change synchronously after its claim, and the log is written
     * in order, so that commit makes the claim durable too;</li>
     * <li>a lost claim of a read, or of a request that changed nothing, lets that request be answered once more;</li>
     * <li>an answer written by {@link #keep} is part of its resource's synchronous commit; a lost {@link #complete}
     * leaves the kept answer or, where none was kept (a POST that stores nothing: a funds check, a refresh), lets the
     * repeated request run again once the pending timeout has passed.</li>
     * </ul>
     * Waiting for the flush cost a sixth of the balances reads' throughput (bench/README.md, "What has moved the
     * numbers so far").
     */
    private static final String ASYNC_COMMIT = "with async_commit as (select set_config('synchronous_commit', 'off', true)) ";
    private static final String INSERT = ASYNC_COMMIT
            + "insert into request_replay (tpp_id, request_id, method, path, digest, created_at) "
            + "select ?, ?, ?, ?, ?, ? from async_commit on conflict (tpp_id, request_id) do nothing";
    /** A row older than the retention no longer counts: it is taken over as if new. */
    private static final String TAKE_OVER_EXPIRED = "update request_replay set method = ?, path = ?, digest = ?, "
            + "response_status = null, response_headers = null, response_body = null, created_at = ? "
            + "where tpp_id = ? and request_id = ? and created_at < ?";
    /**
     * A create still without an answer after the pending timeout is taken over by its retry: its request died before
     * committing anything (a create keeps its answer in the commit that stores its resource), so nothing was created.
     * Only by the same create (POST, same path and Digest, as compared before); a read's claim never has an answer
     * and is never taken over.
     */
    private static final String TAKE_OVER_STALE_CREATE = "update request_replay set created_at = ? "
            + "where tpp_id = ? and request_id = ? and method = 'POST' and response_status is null and created_at < ?";
    private static final String SELECT = "select method, path, digest, response_status, response_headers, response_body "
            + "from request_replay where tpp_id = ? and request_id = ?";
    /** The answer, kept for a repeated create; async_commit is named in FROM, or PostgreSQL would not evaluate it. */
    private static final String COMPLETE = ASYNC_COMMIT + "update request_replay set response_status = ?, "
            + "response_headers = ?, response_body = ? from async_commit where tpp_id = ? and request_id = ?";
    /** The same answer written in the caller's transaction, whose commit keeps its own (synchronous) setting. */
    private static final String KEEP = "update request_replay set response_status = ?, response_headers = ?, "
            + "response_body = ? where tpp_id = ? and request_id = ?";
    private static final String RELEASE = "delete from request_replay where tpp_id = ? and request_id = ? and response_status is null";
    /**
     * A day's rows go in batches, each its own short transaction: one statement for the whole day (millions of rows
     * at a busy bank) would hold back vacuum and burst the WAL and its replicas for as long as it ran.
     */
    private static final String DELETE_OLD = "delete from request_replay where ctid = any(array("
            + "select ctid from request_replay where created_at < ? limit ?))";
    private static final int DELETE_BATCH = 10_000;

    /** The digest column of a request that is not a create (see {@link #claim}). */
    static final String DIGEST_NOT_KEPT = "-";

    /** The lengths of the columns path and digest. */
    private static final int PATH_COLUMN = 1000;
    private static final int DIGEST_COLUMN = 200;

    /** The shortest {@code psd2.replay.digest-key}: as long as the HMAC-SHA256 it keys. */
    private static final int MIN_KEY_BYTES = 32;
    private static final String HMAC = "HmacSHA256";
    /** What a keyed digest starts with, so that a row written without the key is never taken for one. */
    private static final String KEYED = "hmac:";

    /** Seconds a retry of a create still running is told to wait (Retry-After). */
    private static final int PENDING_RETRY_AFTER = 1;

    private final DataSource dataSource;
    private final Duration retention;
    private final Duration pendingTimeout;
    private final Clock clock;
    private final byte[] digestKey;

    /**
     * @param retention      how long an X-Request-ID stays used
     * @param pendingTimeout how long a create may run without an answer before a retry of it may run in its place
     * @param digestKey      the key of the HMAC kept of a create's Digest, or null to keep the Digest as sent
     */
    public PostgresReplayStore(DataSource dataSource, Duration retention, Duration pendingTimeout, Clock clock,
                               byte[] digestKey) {
        this.dataSource = dataSource;
        this.retention = retention;
        this.pendingTimeout = pendingTimeout;
        this.clock = clock;
        this.digestKey = digestKey == null ? null : digestKey.clone();
    }

    /** The key {@code psd2.replay.digest-key} names: base64 of at least 32 bytes, else the service does not start. */
    public static byte[] digestKey(String base64) {
        byte[] key;
        try {
            key = Base64.getDecoder().decode(base64.strip());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("psd2.replay.digest-key is not base64", e);
        }
        if (key.length < MIN_KEY_BYTES) {
            throw new IllegalArgumentException("psd2.replay.digest-key has " + key.length + " bytes; at least "
                    + MIN_KEY_BYTES + " are needed");
        }
        return key;
    }

    @Override
    public ReplayOutcome claim(String tppId, UUID requestId, String method, String path, String digest) {
        Instant now = clock.instant();
        String storedPath = fitted(path, PATH_COLUMN);
        // only a repeated create (POST) is compared by its Digest; any other request's is not kept, since its body may
        // carry a PSU's password or one-time code (PUT …/authorisations/{id}) and the unsalted hash of such a short
        // body would let anyone reading this table try guesses against it
        String storedDigest = "POST".equals(method) ? kept(digest) : DIGEST_NOT_KEPT;
        try (Connection connection = dataSource.getConnection()) {
            try (PreparedStatement insert = connection.prepareStatement(INSERT)) {
                insert.setString(1, tppId);
                insert.setObject(2, requestId);
                insert.setString(3, method);
                insert.setString(4, storedPath);
                insert.setString(5, storedDigest);
                insert.setTimestamp(6, Timestamp.from(now));
                if (insert.executeUpdate() == 1) {
                    return ReplayOutcome.FIRST;
                }
            }
            try (PreparedStatement takeOver = connection.prepareStatement(TAKE_OVER_EXPIRED)) {
                takeOver.setString(1, method);
                takeOver.setString(2, storedPath);
                takeOver.setString(3, storedDigest);
                takeOver.setTimestamp(4, Timestamp.from(now));
                takeOver.setString(5, tppId);
                takeOver.setObject(6, requestId);
                takeOver.setTimestamp(7, Timestamp.from(now.minus(retention)));
                if (takeOver.executeUpdate() == 1) {
                    return ReplayOutcome.FIRST;
                }
            }
            try (PreparedStatement select = connection.prepareStatement(SELECT)) {
                select.setString(1, tppId);
                select.setObject(2, requestId);
                try (ResultSet row = select.executeQuery()) {
                    if (!row.next()) {
                        // released between our insert and select: a concurrent twin failed; refuse this one too
                        throw alreadyUsed(requestId);
                    }
                    boolean sameCreate = "POST".equals(method) && "POST".equals(row.getString(1))
                            && storedPath.equals(row.getString(2)) && storedDigest.equalsIgnoreCase(row.getString(3));
                    int status = row.getInt(4);
                    boolean answered = !row.wasNull();
                    if (sameCreate && answered) {
                        return new ReplayOutcome.Replay(new StoredResponse(status, decodeHeaders(row.getString(5)),
                                row.getBytes(6)));
                    }
                    if (sameCreate) {
                        return staleTakenOver(connection, tppId, requestId, now);
                    }
                    throw alreadyUsed(requestId);
                }
            }
        } catch (SQLException e) {
            throw unavailable(e);
        }
    }

    /**
     * The retry of a create that has no answer yet: it runs in the first one's place when that one is older than the
     * pending timeout, else it is told to come back for the first one's answer. "Already used" would tell a TPP whose
     * first attempt only timed out on its side that the request is wrong, and it would create the resource anew.
     */
    private ReplayOutcome staleTakenOver(Connection connection, String tppId, UUID requestId, Instant now)
            throws SQLException {
        try (PreparedStatement takeOver = connection.prepareStatement(TAKE_OVER_STALE_CREATE)) {
            takeOver.setTimestamp(1, Timestamp.from(now));
            takeOver.setString(2, tppId);
            takeOver.setObject(3, requestId);
            takeOver.setTimestamp(4, Timestamp.from(now.minus(pendingTimeout)));
            if (takeOver.executeUpdate() == 1) {
                return ReplayOutcome.FIRST;
            }
        }
        throw Psd2Exception.serviceUnavailable("The first request with X-Request-ID " + requestId
                + " is still being processed; send it again to receive its answer", PENDING_RETRY_AFTER, null);
    }

    @Override
    public void complete(String tppId, UUID requestId, StoredResponse response) {
        writeAnswer(COMPLETE, tppId, requestId, response);
    }

    @Override
    public void keep(String tppId, UUID requestId, StoredResponse response) {
        writeAnswer(KEEP, tppId, requestId, response);
    }

    private void writeAnswer(String statement, String tppId, UUID requestId, StoredResponse response) {
        update(statement, update -> {
            update.setInt(1, response.status());
            update.setString(2, encodeHeaders(response.headers()));
            update.setBytes(3, response.body());
            update.setString(4, tppId);
            update.setObject(5, requestId);
        });
    }

    @Override
    public void release(String tppId, UUID requestId) {
        update(RELEASE, delete -> {
            delete.setString(1, tppId);
            delete.setObject(2, requestId);
        });
    }

    @Override
    public int deleteCreatedBefore(Instant cutoff) {
        return deleteCreatedBefore(cutoff, DELETE_BATCH);
    }

    int deleteCreatedBefore(Instant cutoff, int batch) {
        int removed = 0;
        int deleted;
        do {
            deleted = update(DELETE_OLD, delete -> {
                delete.setTimestamp(1, Timestamp.from(cutoff));
                delete.setInt(2, batch);
            });
            removed += deleted;
        } while (deleted == batch);
        return removed;
    }

    /** Sets a statement's parameters. */
    @FunctionalInterface
    private interface Parameters {
        void set(PreparedStatement statement) throws SQLException;
    }

    /** One update on a connection of its own; a store that cannot be reached is ServiceUnavailable. */
    private int update(String sql, Parameters parameters) {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement statement = connection.prepareStatement(sql)) {
            parameters.set(statement);
            return statement.executeUpdate();
        } catch (SQLException e) {
            throw unavailable(e);
        }
    }

    private static Psd2Exception unavailable(SQLException e) {
        return Psd2Exception.serviceUnavailable("The request store is not available", 5, e);
    }

    /** A create's Digest as kept: keyed when a key is configured, so that the table reveals nothing of the body. */
    String kept(String digest) {
        if (digestKey == null) {
            return fitted(digest, DIGEST_COLUMN);
        }
        try {
            Mac mac = Mac.getInstance(HMAC);
            mac.init(new SecretKeySpec(digestKey, HMAC));
            // the algorithm's name is case-insensitive (RFC 3230), its base64 value is not
            int equals = digest.indexOf('=');
            String normalised = equals < 0 ? digest
                    : digest.substring(0, equals).toLowerCase(Locale.ROOT) + digest.substring(equals);
            return KEYED + HexFormat.of().formatHex(mac.doFinal(normalised.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            throw new IllegalStateException("every JDK has HmacSHA256", e);
        }
    }

    private static Psd2Exception alreadyUsed(UUID requestId) {
        return new Psd2Exception(ErrorClass.FORMAT_ERROR, "X-Request-ID already used: " + requestId);
    }

    /**
     * The value as stored in a column of {@code max} characters: itself when it fits, else its beginning followed by
     * {@code #} and the SHA-256 of the whole value, so that two long values that differ only after the cut still
     * differ when a repeated create is compared with the first.
     */
    static String fitted(String value, int max) {
        if (value.length() <= max) {
            return value;
        }
        String hash = HexFormat.of().formatHex(sha256(value));
        return value.substring(0, max - hash.length() - 1) + '#' + hash;
    }

    private static byte[] sha256(String value) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(value.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    /** One {@code name: value} per line; header values never contain line breaks. */
    static String encodeHeaders(Map<String, String> headers) {
        StringBuilder out = new StringBuilder();
        headers.forEach((name, value) -> out.append(name).append(": ").append(value).append('\n'));
        return out.toString();
    }

    static Map<String, String> decodeHeaders(String text) {
        Map<String, String> headers = new LinkedHashMap<>();
        if (text != null) {
            for (String line : text.split("\n")) {
                int colon = line.indexOf(": ");
                if (colon > 0) {
                    headers.put(line.substring(0, colon), line.substring(colon + 2));
                }
            }
        }
        return headers;
    }
}
