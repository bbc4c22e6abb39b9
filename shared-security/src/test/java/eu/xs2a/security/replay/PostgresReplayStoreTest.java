package eu.xs2a.security.replay;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.security.error.ErrorClass;
import eu.xs2a.security.error.Psd2Exception;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.BooleanSupplier;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import javax.sql.DataSource;
import org.postgresql.ds.PGSimpleDataSource;

/** The replay rule on a real PostgreSQL, in a schema of its own made from the shipped migration. */
class PostgresReplayStoreTest {

    private static final String DIGEST = "SHA-256=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=";
    private static final String PATH = "/sandbox/api/berlingroup/v1/consents";
    private static final String SCHEMA = "replay_test_" + Long.toHexString(System.nanoTime());
    private static PGSimpleDataSource dataSource;
    private static final AtomicReference<Instant> now = new AtomicReference<>(Instant.now());
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
    /** Claims per insert, as in the services (psd2.replay.claim-batch-size). */
    private static final int BATCH = 16;
    private static PostgresReplayStore store;

    private static PostgresReplayStore storeOn(DataSource source, int claimBatchSize) {
        return new PostgresReplayStore(source, Duration.ofHours(24), CLOCK, claimBatchSize);
    }

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
        store = storeOn(dataSource, BATCH);
    }

    @AfterAll
    static void drop() throws Exception {
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement()) {
            s.execute("drop schema " + SCHEMA + " cascade");
        }
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
        // still running: the twin is refused
        alreadyUsed(() -> store.claim("TPP-A", id, "POST", PATH, DIGEST));
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
        Instant start = now.get();
        try {
            store.claim("TPP-C", id, "GET", PATH, DIGEST);
            now.set(start.plus(Duration.ofHours(25)));
            assertSame(ReplayOutcome.FIRST, store.claim("TPP-C", id, "GET", PATH, DIGEST));
            UUID old = UUID.randomUUID();
            now.set(start.minus(Duration.ofHours(30)));
            store.claim("TPP-C", old, "GET", PATH, DIGEST);
            now.set(start);
            assertTrue(store.deleteCreatedBefore(start.minus(Duration.ofHours(24))) >= 1);
            assertSame(ReplayOutcome.FIRST, store.claim("TPP-C", old, "GET", PATH, DIGEST));
        } finally {
            now.set(start);
        }
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
            PostgresReplayStore onOneSession = storeOn(sameSession(session), BATCH);
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
                assertEquals(DIGEST, row.getString(3));
                // PostgreSQL keeps microseconds
                assertTrue(Duration.between(now.get(), row.getTimestamp(4).toInstant()).abs().toNanos() < 1_000);
            }
            alreadyUsed(() -> onOneSession.claim("TPP-E", id, "GET", PATH + "/r", DIGEST));
        }
    }

    @Test
    void aCreatesClaimAndAnswerAreStoredWithoutChangingThePooledConnectionsCommitSetting() throws Exception {
        try (Connection session = dataSource.getConnection()) {
            PostgresReplayStore onOneSession = storeOn(sameSession(session), BATCH);
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
    void claimsArrivingWhileAnInsertIsInFlightShareTheNextOne() throws Exception {
        HeldBack source = new HeldBack(0);
        PostgresReplayStore batching = storeOn(source, BATCH);
        List<UUID> ids = new ArrayList<>();
        for (int i = 0; i < 9; i++) {
            ids.add(UUID.randomUUID());
        }
        List<Future<ReplayOutcome>> outcomes = claimBehindTheFirst(batching, source,
                ids.stream().map(id -> new Request("TPP-G", id, "GET")).toList());

        for (Future<ReplayOutcome> outcome : outcomes) {
            assertSame(ReplayOutcome.FIRST, outcome.get(10, TimeUnit.SECONDS));
        }
        assertEquals(2, source.connections.get(), "the first claim alone, then the eight that waited in one insert");
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement()) {
            ResultSet row = s.executeQuery("select method, path, digest, created_at from request_replay "
                    + "where tpp_id = 'TPP-G' and request_id = '" + ids.get(5) + "'");
            assertTrue(row.next());
            assertEquals("GET", row.getString(1));
            assertEquals(PATH, row.getString(2));
            assertEquals(DIGEST, row.getString(3));
            assertTrue(Duration.between(now.get(), row.getTimestamp(4).toInstant()).abs().toNanos() < 1_000);
        }
        for (UUID id : ids) {
            alreadyUsed(() -> store.claim("TPP-G", id, "GET", PATH, DIGEST));
        }
    }

    @Test
    void ofTwinsInOneBatchOnlyOneIsFirst() throws Exception {
        HeldBack source = new HeldBack(0);
        PostgresReplayStore batching = storeOn(source, BATCH);
        UUID twin = UUID.randomUUID();
        UUID other = UUID.randomUUID();
        List<Future<ReplayOutcome>> outcomes = claimBehindTheFirst(batching, source, List.of(
                new Request("TPP-H", UUID.randomUUID(), "POST"), new Request("TPP-H", twin, "POST"),
                new Request("TPP-H", other, "POST"), new Request("TPP-H", twin, "POST"),
                new Request("TPP-I", twin, "POST")));

        assertSame(ReplayOutcome.FIRST, outcomes.get(0).get(10, TimeUnit.SECONDS));
        assertSame(ReplayOutcome.FIRST, outcomes.get(2).get(10, TimeUnit.SECONDS));
        assertSame(ReplayOutcome.FIRST, outcomes.get(4).get(10, TimeUnit.SECONDS), "another TPP's id is its own");
        int first = 0;
        for (int twinAt : new int[] {1, 3}) {
            try {
                first += outcomes.get(twinAt).get(10, TimeUnit.SECONDS) == ReplayOutcome.FIRST ? 1 : 0;
            } catch (ExecutionException e) {
                alreadyUsed(() -> {
                    throw e.getCause();
                });
            }
        }
        assertEquals(1, first);
    }

    @Test
    void aBatchThatFailsFailsEachOfItsClaimsAndTheNextBatchWorks() throws Exception {
        HeldBack source = new HeldBack(2);
        PostgresReplayStore batching = storeOn(source, BATCH);
        List<Future<ReplayOutcome>> outcomes = claimBehindTheFirst(batching, source, List.of(
                new Request("TPP-J", UUID.randomUUID(), "GET"), new Request("TPP-J", UUID.randomUUID(), "GET"),
                new Request("TPP-J", UUID.randomUUID(), "GET"), new Request("TPP-J", UUID.randomUUID(), "GET")));

        assertSame(ReplayOutcome.FIRST, outcomes.get(0).get(10, TimeUnit.SECONDS));
        for (Future<ReplayOutcome> outcome : outcomes.subList(1, outcomes.size())) {
            ExecutionException e = assertThrows(ExecutionException.class, () -> outcome.get(10, TimeUnit.SECONDS));
            Psd2Exception refusal = assertInstanceOf(Psd2Exception.class, e.getCause());
            assertEquals(ErrorClass.SERVICE_UNAVAILABLE, refusal.errorClass());
        }
        assertSame(ReplayOutcome.FIRST, batching.claim("TPP-J", UUID.randomUUID(), "GET", PATH, DIGEST));
    }

    @Test
    void aBatchHoldsAtMostTheConfiguredNumberOfClaims() throws Exception {
        HeldBack source = new HeldBack(0);
        PostgresReplayStore batching = storeOn(source, 3);
        List<Request> requests = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            requests.add(new Request("TPP-K", UUID.randomUUID(), "GET"));
        }
        for (Future<ReplayOutcome> outcome : claimBehindTheFirst(batching, source, requests)) {
            assertSame(ReplayOutcome.FIRST, outcome.get(10, TimeUnit.SECONDS));
        }
        assertEquals(4, source.connections.get(), "the first alone, then the seven that waited in 3 + 3 + 1");
    }

    @Test
    void aBatchSizeOfOneSendsEachClaimAlone() {
        HeldBack source = new HeldBack(0);
        source.release.countDown();
        PostgresReplayStore alone = storeOn(source, 1);
        UUID id = UUID.randomUUID();
        assertSame(ReplayOutcome.FIRST, alone.claim("TPP-L", id, "GET", PATH, DIGEST));
        alreadyUsed(() -> alone.claim("TPP-L", id, "GET", PATH, DIGEST));
        assertThrows(IllegalArgumentException.class, () -> storeOn(source, 0));
    }

    private record Request(String tppId, UUID requestId, String method) {
    }

    /**
     * Claims the first request, holds its insert back until every other request waits for the next batch, then lets
     * it go: so the others are sent as batches, whatever the machine's timing.
     */
    private static List<Future<ReplayOutcome>> claimBehindTheFirst(PostgresReplayStore batching, HeldBack source,
                                                                   List<Request> requests) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(requests.size());
        try {
            List<Future<ReplayOutcome>> outcomes = new ArrayList<>();
            for (Request request : requests) {
                outcomes.add(pool.submit(() -> batching.claim(request.tppId(), request.requestId(), request.method(),
                        PATH, DIGEST)));
                if (outcomes.size() == 1) {
                    waitFor(() -> source.connections.get() == 1);
                }
            }
            waitFor(() -> batching.claimsWaiting() == requests.size() - 1);
            source.release.countDown();
            for (Future<ReplayOutcome> outcome : outcomes) {
                try {
                    outcome.get(10, TimeUnit.SECONDS);
                } catch (ExecutionException refused) {
                    // looked at by the test
                }
            }
            return outcomes;
        } finally {
            pool.shutdownNow();
        }
    }

    private static void waitFor(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, "timed out");
            Thread.sleep(5);
        }
    }

    /**
     * The test database, counting the connections taken: the first waits until {@link #release}, and the
     * {@code failing}-th (if not 0) is refused as an unreachable database would refuse it.
     */
    private static final class HeldBack implements DataSource {
        final AtomicInteger connections = new AtomicInteger();
        final CountDownLatch release = new CountDownLatch(1);
        private final int failing;

        HeldBack(int failing) {
            this.failing = failing;
        }

        @Override
        public Connection getConnection() throws SQLException {
            int number = connections.incrementAndGet();
            if (number == 1) {
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new SQLException("interrupted", e);
                }
            }
            if (number == failing) {
                throw new SQLException("connection refused (test)", "08001");
            }
            return dataSource.getConnection();
        }

        @Override
        public Connection getConnection(String user, String password) {
            throw new UnsupportedOperationException();
        }

        @Override
        public java.io.PrintWriter getLogWriter() {
            return null;
        }

        @Override
        public void setLogWriter(java.io.PrintWriter out) {
        }

        @Override
        public void setLoginTimeout(int seconds) {
        }

        @Override
        public int getLoginTimeout() {
            return 0;
        }

        @Override
        public java.util.logging.Logger getParentLogger() {
            return java.util.logging.Logger.getGlobal();
        }

        @Override
        public <T> T unwrap(Class<T> type) throws SQLException {
            throw new SQLException("not a wrapper");
        }

        @Override
        public boolean isWrapperFor(Class<?> type) {
            return false;
        }
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
        Psd2Exception e = assertThrows(Psd2Exception.class, () -> storeOn(nowhere, BATCH)
                .claim("TPP-A", UUID.randomUUID(), "GET", PATH, DIGEST));
        assertEquals(ErrorClass.SERVICE_UNAVAILABLE, e.errorClass());
        assertEquals(5, e.retryAfterSeconds());
    }
}
