package eu.xs2a.security.replay;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import java.io.InputStream;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicReference;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

/** The replay rule on a real PostgreSQL, in a schema of its own made from the shipped migration. */
class PostgresReplayStoreTest {

    private static final String DIGEST = "SHA-256=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=";
    private static final String PATH = "/sandbox/api/berlingroup/v1/consents";
    private static final Duration PENDING = Duration.ofSeconds(60);
    private static final String SCHEMA = "replay_test_" + Long.toHexString(System.nanoTime());
    private static PGSimpleDataSource dataSource;
    /** Where the store's clock stands at the start of every test; a test that moves it has it put back. */
    private static final Instant START = Instant.now();
    private static final AtomicReference<Instant> now = new AtomicReference<>(START);
    private static final Clock CLOCK = new Clock() {
        @Override
        public java.time.ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now.get();
        }
    };
    private static PostgresReplayStore store;

    @BeforeAll
    static void schema() throws Exception {
        eu.xs2a.security.app.TestDatabase.ensureExists();
        dataSource = new PGSimpleDataSource();
        dataSource.setURL("jdbc:postgresql://localhost:5432/xs2a_security_test");
        dataSource.setUser("xs2a");
        dataSource.setPassword("xs2a");
        String migration;
        try (InputStream in = PostgresReplayStoreTest.class.getResourceAsStream("/db/security/V0_1__request_replay.sql")) {
            migration = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement()) {
            s.execute("create schema " + SCHEMA);
            s.execute("set search_path to " + SCHEMA);
            s.execute(migration);
        }
        dataSource.setCurrentSchema(SCHEMA);
        store = new PostgresReplayStore(dataSource, Duration.ofHours(24), PENDING, CLOCK, null);
    }

    @AfterAll
    static void drop() throws Exception {
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement()) {
            s.execute("drop schema " + SCHEMA + " cascade");
        }
    }

    @AfterEach
    void clockBackToStart() {
        now.set(START);
    }

    private static Psd2Exception alreadyUsed(org.junit.jupiter.api.function.Executable executable) {
        Psd2Exception e = assertThrows(Psd2Exception.class, executable);
        assertEquals(ErrorClass.FORMAT_ERROR, e.errorClass());
        assertTrue(e.getMessage().contains("X-Request-ID already used"), e.getMessage());
        return e;
    }

    @Test
    void aRetriedCreateGetsTheFirstAnswer() {
        UUID id = UUID.randomUUID();
        assertSame(ReplayOutcome.FIRST, store.claim("TPP-A", id, "POST", PATH, DIGEST));
        // still running: the twin is told to come back for the answer
        stillRunning(() -> store.claim("TPP-A", id, "POST", PATH, DIGEST));
        byte[] body = "{\"consentId\":\"c-1\"}".getBytes(StandardCharsets.UTF_8);
        store.complete("TPP-A", id, new StoredResponse(201, Map.of("Location", PATH + "/c-1",
                "Content-Type", "application/json"), body));

        ReplayOutcome.Replay replay = assertInstanceOf(ReplayOutcome.Replay.class,
                store.claim("TPP-A", id, "POST", PATH, DIGEST.replace("SHA-256", "sha-256")));
        assertEquals(201, replay.response().status());
        assertEquals(PATH + "/c-1", replay.response().headers().get("Location"));
        assertEquals("application/json", replay.response().headers().get("Content-Type"));
        assertArrayEquals(body, replay.response().body());
    }

    /** With psd2.replay.digest-key the table keeps an HMAC of the Digest, never the Digest itself. */
    @Test
    void withADigestKeyOnlyAKeyedHashIsKeptAndARetryStillGetsTheFirstAnswer() throws Exception {
        byte[] secret = new byte[32];
        new java.security.SecureRandom().nextBytes(secret);
        PostgresReplayStore keyed = new PostgresReplayStore(dataSource, Duration.ofHours(24), PENDING, CLOCK,
                PostgresReplayStore.digestKey(java.util.Base64.getEncoder().encodeToString(secret)));
        UUID id = UUID.randomUUID();
        assertSame(ReplayOutcome.FIRST, keyed.claim("TPP-K", id, "POST", PATH, DIGEST));
        keyed.complete("TPP-K", id, new StoredResponse(201, Map.of(), new byte[0]));
        assertInstanceOf(ReplayOutcome.Replay.class,
                keyed.claim("TPP-K", id, "POST", PATH, DIGEST.replace("SHA-256", "sha-256")));
        alreadyUsed(() -> keyed.claim("TPP-K", id, "POST", PATH, "SHA-256=other"));

        String kept;
        try (Connection c = dataSource.getConnection();
             java.sql.PreparedStatement select = c.prepareStatement("select digest from request_replay where request_id = ?")) {
            select.setObject(1, id);
            try (java.sql.ResultSet row = select.executeQuery()) {
                assertTrue(row.next());
                kept = row.getString(1);
            }
        }
        String value = DIGEST.substring(DIGEST.indexOf('=') + 1);
        assertTrue(kept.startsWith("hmac:") && !kept.contains(value), kept);

        byte[] otherSecret = secret.clone();
        otherSecret[0] ^= 1;
        PostgresReplayStore otherKey = new PostgresReplayStore(dataSource, Duration.ofHours(24), PENDING, CLOCK,
                otherSecret);
        alreadyUsed(() -> otherKey.claim("TPP-K", id, "POST", PATH, DIGEST));
        assertThrows(IllegalArgumentException.class, () -> PostgresReplayStore.digestKey("c2hvcnQ="));
        assertThrows(IllegalArgumentException.class, () -> PostgresReplayStore.digestKey("not base64!"));
    }

    private static void stillRunning(org.junit.jupiter.api.function.Executable executable) {
        Psd2Exception e = assertThrows(Psd2Exception.class, executable);
        assertEquals(ErrorClass.SERVICE_UNAVAILABLE, e.errorClass());
        assertEquals(1, e.retryAfterSeconds());
        assertTrue(e.getMessage().contains("is still being processed"), e.getMessage());
    }

    @Test
    void aCreateWithoutAnswerPastThePendingTimeoutIsRunAgainByItsRetryAndOnlyByIt() {
        UUID id = UUID.randomUUID();
        assertSame(ReplayOutcome.FIRST, store.claim("TPP-I", id, "POST", PATH, DIGEST));
        now.set(START.plus(PENDING));
        stillRunning(() -> store.claim("TPP-I", id, "POST", PATH, DIGEST));
        // another request with the id is no retry of the create, however old the claim
        now.set(START.plus(PENDING).plusSeconds(1));
        alreadyUsed(() -> store.claim("TPP-I", id, "POST", PATH, "SHA-256=other"));
        alreadyUsed(() -> store.claim("TPP-I", id, "GET", PATH, DIGEST));
        // the first one died without an answer: its retry runs in its place, once
        assertSame(ReplayOutcome.FIRST, store.claim("TPP-I", id, "POST", PATH, DIGEST.replace("SHA-256", "sha-256")));
        stillRunning(() -> store.claim("TPP-I", id, "POST", PATH, DIGEST));
        store.complete("TPP-I", id, new StoredResponse(201, Map.of("Location", PATH + "/c-10"), new byte[0]));
        now.set(START.plus(PENDING.multipliedBy(5)));
        assertEquals(PATH + "/c-10", assertInstanceOf(ReplayOutcome.Replay.class,
                store.claim("TPP-I", id, "POST", PATH, DIGEST)).response().headers().get("Location"));
    }

    @Test
    void aReadsClaimIsNeverTakenOver() {
        UUID id = UUID.randomUUID();
        store.claim("TPP-J", id, "GET", PATH, DIGEST);
        now.set(START.plus(PENDING.multipliedBy(10)));
        alreadyUsed(() -> store.claim("TPP-J", id, "GET", PATH, DIGEST));
        alreadyUsed(() -> store.claim("TPP-J", id, "POST", PATH, DIGEST));
    }

    @Test
    void anyOtherReuseIsRefused() {
        UUID id = UUID.randomUUID();
        store.claim("TPP-A", id, "POST", PATH, DIGEST);
        store.complete("TPP-A", id, new StoredResponse(201, Map.of(), new byte[0]));
        alreadyUsed(() -> store.claim("TPP-A", id, "POST", PATH, "SHA-256=other"));
        alreadyUsed(() -> store.claim("TPP-A", id, "POST", PATH + "/x", DIGEST));
        alreadyUsed(() -> store.claim("TPP-A", id, "GET", PATH, DIGEST));
        UUID read = UUID.randomUUID();
        store.claim("TPP-A", read, "GET", PATH, DIGEST);
        alreadyUsed(() -> store.claim("TPP-A", read, "GET", PATH, DIGEST));
    }

    @Test
    void aCreateWhosePathOrDigestIsLongerThanItsColumnIsComparedWhole() {
        String longPath = PATH + "/" + "p".repeat(1200);
        String longDigest = DIGEST + ", " + "SHA-512=" + "d".repeat(300);
        UUID id = UUID.randomUUID();
        assertSame(ReplayOutcome.FIRST, store.claim("TPP-H", id, "POST", longPath, longDigest));
        store.complete("TPP-H", id, new StoredResponse(201, Map.of("Location", PATH + "/c-8"), new byte[0]));

        ReplayOutcome.Replay replay = assertInstanceOf(ReplayOutcome.Replay.class,
                store.claim("TPP-H", id, "POST", longPath, longDigest));
        assertEquals(PATH + "/c-8", replay.response().headers().get("Location"));
        // the same beginning, a difference past the column's length: another request
        alreadyUsed(() -> store.claim("TPP-H", id, "POST", longPath + "x", longDigest));
        alreadyUsed(() -> store.claim("TPP-H", id, "POST", longPath, longDigest + "x"));
    }

    @Test
    void aValueIsStoredAsItselfWhenItFitsAndAsItsBeginningAndHashWhenNot() {
        assertEquals(PATH, PostgresReplayStore.fitted(PATH, 1000));
        String exact = "a".repeat(1000);
        assertEquals(exact, PostgresReplayStore.fitted(exact, 1000));
        String fitted = PostgresReplayStore.fitted(exact + "b", 1000);
        assertEquals(1000, fitted.length());
        assertTrue(fitted.startsWith("a".repeat(935) + "#"), fitted);
        assertTrue(!fitted.equals(PostgresReplayStore.fitted(exact + "c", 1000)));
    }

    @Test
    void idsBelongToOneTpp() {
        UUID id = UUID.randomUUID();
        assertSame(ReplayOutcome.FIRST, store.claim("TPP-A", id, "POST", PATH, DIGEST));
        assertSame(ReplayOutcome.FIRST, store.claim("TPP-B", id, "POST", PATH, DIGEST));
    }

    @Test
    void aReleasedIdMayBeUsedAgain() {
        UUID id = UUID.randomUUID();
        store.claim("TPP-A", id, "POST", PATH, DIGEST);
        store.release("TPP-A", id);
        assertSame(ReplayOutcome.FIRST, store.claim("TPP-A", id, "POST", PATH, DIGEST));
    }

    @Test
    void afterTheRetentionAnIdIsNewAndOldRowsAreRemoved() {
        UUID id = UUID.randomUUID();
        store.claim("TPP-C", id, "GET", PATH, DIGEST);
        now.set(START.plus(Duration.ofHours(25)));
        assertSame(ReplayOutcome.FIRST, store.claim("TPP-C", id, "GET", PATH, DIGEST));
        UUID old = UUID.randomUUID();
        now.set(START.minus(Duration.ofHours(30)));
        store.claim("TPP-C", old, "GET", PATH, DIGEST);
        now.set(START);
        assertTrue(store.deleteCreatedBefore(START.minus(Duration.ofHours(24))) >= 1);
        assertSame(ReplayOutcome.FIRST, store.claim("TPP-C", old, "GET", PATH, DIGEST));
    }

    @Test
    void oldRowsAreRemovedBatchAfterBatchAndNewerOnesKept() {
        now.set(START.minus(Duration.ofHours(40)));
        List<UUID> old = new ArrayList<>();
        for (int i = 0; i < 25; i++) {
            old.add(UUID.randomUUID());
            store.claim("TPP-E", old.get(i), "GET", PATH, DIGEST);
        }
        now.set(START);
        UUID recent = UUID.randomUUID();
        store.claim("TPP-E", recent, "GET", PATH, DIGEST);

        assertTrue(store.deleteCreatedBefore(START.minus(Duration.ofHours(24)), 10) >= 25, "three batches");
        for (UUID id : old) {
            assertSame(ReplayOutcome.FIRST, store.claim("TPP-E", id, "GET", PATH, DIGEST));
        }
        alreadyUsed(() -> store.claim("TPP-E", recent, "GET", PATH, DIGEST));
    }

    @Test
    void concurrentTwinsCannotBothBeFirst() throws Exception {
        UUID id = UUID.randomUUID();
        int threads = 8;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        CountDownLatch go = new CountDownLatch(1);
        try {
            List<Future<Boolean>> results = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                Callable<Boolean> claim = () -> {
                    go.await();
                    try {
                        return store.claim("TPP-D", id, "POST", PATH, DIGEST) == ReplayOutcome.FIRST;
                    } catch (Psd2Exception e) {
                        return false;
                    }
                };
                results.add(pool.submit(claim));
            }
            go.countDown();
            int first = 0;
            for (Future<Boolean> result : results) {
                first += result.get() ? 1 : 0;
            }
            assertEquals(1, first);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aReadIsClaimedWithoutChangingThePooledConnectionsCommitSetting() throws Exception {
        try (Connection session = dataSource.getConnection()) {
            PostgresReplayStore onOneSession = new PostgresReplayStore(sameSession(session), Duration.ofHours(24), PENDING, CLOCK, null);
            UUID id = UUID.randomUUID();

            assertSame(ReplayOutcome.FIRST, onOneSession.claim("TPP-E", id, "GET", PATH + "/r", DIGEST));

            try (Statement s = session.createStatement()) {
                ResultSet setting = s.executeQuery("show synchronous_commit");
                setting.next();
                assertEquals("on", setting.getString(1), "the read's asynchronous commit stays in its own transaction");
                ResultSet row = s.executeQuery("select method, path, digest, created_at from request_replay "
                        + "where tpp_id = 'TPP-E' and request_id = '" + id + "'");
                assertTrue(row.next());
                assertEquals("GET", row.getString(1));
                assertEquals(PATH + "/r", row.getString(2));
                // only a create's Digest is kept: another request's body may carry a PSU's password or code
                assertEquals("-", row.getString(3));
                // PostgreSQL keeps microseconds
                assertTrue(Duration.between(now.get(), row.getTimestamp(4).toInstant()).abs().toNanos() < 1_000);
            }
            alreadyUsed(() -> onOneSession.claim("TPP-E", id, "GET", PATH + "/r", DIGEST));
        }
    }

    @Test
    void aCreatesClaimAndAnswerAreStoredWithoutChangingThePooledConnectionsCommitSetting() throws Exception {
        try (Connection session = dataSource.getConnection()) {
            PostgresReplayStore onOneSession = new PostgresReplayStore(sameSession(session), Duration.ofHours(24), PENDING, CLOCK, null);
            UUID id = UUID.randomUUID();

            assertSame(ReplayOutcome.FIRST, onOneSession.claim("TPP-F", id, "POST", PATH, DIGEST));
            onOneSession.complete("TPP-F", id, new StoredResponse(201, Map.of("Location", PATH + "/c-9"),
                    "{}".getBytes(StandardCharsets.UTF_8)));

            try (Statement s = session.createStatement()) {
                ResultSet setting = s.executeQuery("show synchronous_commit");
                setting.next();
                assertEquals("on", setting.getString(1), "the asynchronous commits stay in their own transactions");
            }
            ReplayOutcome.Replay replay = assertInstanceOf(ReplayOutcome.Replay.class,
                    onOneSession.claim("TPP-F", id, "POST", PATH, DIGEST));
            assertEquals(201, replay.response().status());
            assertEquals(PATH + "/c-9", replay.response().headers().get("Location"));
        }
    }

    @Test
    void anAnswerKeptInTheCallersTransactionIsCommittedOrRolledBackWithIt() throws Exception {
        UUID id = UUID.randomUUID();
        assertSame(ReplayOutcome.FIRST, store.claim("TPP-G", id, "POST", PATH, DIGEST));
        StoredResponse answer = new StoredResponse(201, Map.of("Location", PATH + "/c-7"),
                "{\"consentId\":\"c-7\"}".getBytes(StandardCharsets.UTF_8));
        try (Connection session = dataSource.getConnection()) {
            PostgresReplayStore inTransaction = new PostgresReplayStore(sameSession(session), Duration.ofHours(24), PENDING, CLOCK, null);
            session.setAutoCommit(false);

            inTransaction.keep("TPP-G", id, answer);
            try (Statement s = session.createStatement()) {
                ResultSet setting = s.executeQuery("show synchronous_commit");
                setting.next();
                assertEquals("on", setting.getString(1), "the caller's commit stays synchronous");
            }
            session.rollback();
            // rolled back with the resource it belonged to: the request still looks in flight
            stillRunning(() -> store.claim("TPP-G", id, "POST", PATH, DIGEST));

            inTransaction.keep("TPP-G", id, answer);
            session.commit();
            session.setAutoCommit(true);
        }
        ReplayOutcome.Replay replay = assertInstanceOf(ReplayOutcome.Replay.class,
                store.claim("TPP-G", id, "POST", PATH, DIGEST));
        assertEquals(answer, replay.response());

        // a failure after the commit (5xx) does not free an id whose resource exists
        store.release("TPP-G", id);
        assertEquals(answer, assertInstanceOf(ReplayOutcome.Replay.class,
                store.claim("TPP-G", id, "POST", PATH, DIGEST)).response());
    }

    /** A data source that hands out one open connection and never closes it, to look at that session afterwards. */
    private static DataSource sameSession(Connection session) {
        Connection unclosable = (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(),
                new Class<?>[] {Connection.class}, (proxy, method, args) ->
                        "close".equals(method.getName()) ? null : method.invoke(session, args));
        return (DataSource) Proxy.newProxyInstance(DataSource.class.getClassLoader(), new Class<?>[] {DataSource.class},
                (proxy, method, args) -> {
                    if ("getConnection".equals(method.getName())) {
                        return unclosable;
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
    }

    @Test
    void databaseDownIsServiceUnavailable() {
        PGSimpleDataSource nowhere = new PGSimpleDataSource();
        nowhere.setURL("jdbc:postgresql://127.0.0.1:1/none");
        nowhere.setConnectTimeout(1);
        Psd2Exception e = assertThrows(Psd2Exception.class, () -> new PostgresReplayStore(nowhere, Duration.ofHours(24), PENDING, CLOCK, null)
                .claim("TPP-A", UUID.randomUUID(), "GET", PATH, DIGEST));
        assertEquals(ErrorClass.SERVICE_UNAVAILABLE, e.errorClass());
        assertEquals(5, e.retryAfterSeconds());
    }
}
