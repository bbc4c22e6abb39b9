package eu.xs2a.payment;

import static eu.xs2a.payment.support.Payments.id;
import static eu.xs2a.payment.support.Tpps.ALPHA;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.payment.domain.Payment;
import eu.xs2a.payment.domain.PaymentLedger;
import eu.xs2a.payment.support.GatewayDb;
import eu.xs2a.payment.support.Payments;
import eu.xs2a.payment.support.Tpps;
import eu.xs2a.platform.notify.NotificationRequest;
import eu.xs2a.testsupport.Sql;
import io.agroal.api.AgroalDataSource;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Every change of a payment row is made on the row as its last writer committed it, under its lock: the row is written
 * whole, so a change made on an older copy would silently undo a concurrent one (a bank's final status, a TPP's
 * cancellation). The concurrent writer here is a second database connection, as another request, task or replica is.
 */
@QuarkusTest
class PaymentRowLocksTest {

    @Inject AgroalDataSource dataSource;
    @Inject PaymentLedger ledger;

    /**
     * A task's give-up reads the payment, then changes it under the lock in the same transaction: the lock must read
     * the row again, or the TPP's cancellation committed in between is overwritten with the deadline's RJCT.
     */
    @Test
    void aChangeUnderTheLockSeesWhatWasCommittedAfterTheTransactionFirstReadTheRow() throws Exception {
        String paymentId = id(Payments.create(ALPHA, "35.00"));
        Sql sql = new Sql(dataSource);
        QuarkusTransaction.requiringNew().run(() -> {
            Payment read = ledger.byResourceId(paymentId);
            assertEquals("RCVD", read.transactionStatus().name());
            // another transaction (its own thread: this one's connection is enlisted here) cancels it meanwhile
            join(CompletableFuture.runAsync(() -> sql.update(
                    "update payment set transaction_status = 'CANC' where resource_id = ?", paymentId)));
            ledger.rejectUnauthorised(read.id(), "MS03");
        });
        assertEquals("CANC", new GatewayDb(dataSource).transactionStatus(paymentId),
                "the cancellation stands: a cancelled payment is not rejected");
    }

    /**
     * Keeping a request's notification wishes is a change of the row like any other: it waits for the lock of a
     * concurrent writer (here the bank's status) and keeps what that writer committed.
     */
    @Test
    void notificationWishesKeptMeanwhileDoNotUndoTheBanksStatus() throws Exception {
        String paymentId = id(Payments.create(ALPHA, "36.00"));
        long rowId = QuarkusTransaction.requiringNew().call(() -> ledger.byResourceId(paymentId).id());
        ExecutorService worker = Executors.newSingleThreadExecutor();
        try (Connection bank = lockedRow(rowId)) {
            Future<?> wishes = worker.submit(() -> ledger.notifyAt(rowId,
                    NotificationRequest.stored("https://tpp.example/notify", "status=SCA")));
            assertTrue(awaitLockWaiter(), "the notification wishes wait for the row lock");
            try (PreparedStatement settle = bank.prepareStatement(
                    "update payment set transaction_status = 'ACSC', executed_at = now() where id = ?")) {
                settle.setLong(1, rowId);
                settle.executeUpdate();
            }
            bank.commit();
            wishes.get(30, TimeUnit.SECONDS);
        } finally {
            worker.shutdownNow();
        }
        assertEquals("ACSC", new GatewayDb(dataSource).transactionStatus(paymentId), "the bank's status stands");
        assertEquals("https://tpp.example/notify", new Sql(dataSource).text(
                "select notification_uri from payment where id = ?", rowId), "and the wishes are kept");
    }

    /**
     * The PSU's one-time link is spent under the payment's lock, which every writer of the payment's authorisations
     * holds: one that had read the authorisation before would otherwise write it back unspent.
     */
    @Test
    void theLinkIsSpentUnderThePaymentsLock() throws Exception {
        Response created = Payments.initiate(ALPHA, "sandbox", Payments.SCT, Payments.headers(), Payments.body("37.00"));
        String paymentId = created.then().statusCode(201).extract().path("paymentId");
        String link = Payments.local(created.path("_links.scaRedirect.href"));
        long rowId = QuarkusTransaction.requiringNew().call(() -> ledger.byResourceId(paymentId).id());
        ExecutorService browser = Executors.newSingleThreadExecutor();
        try (Connection writer = lockedRow(rowId)) {
            Future<Integer> followed = browser.submit(() -> given().config(Tpps.RAW).redirects().follow(false)
                    .get(link).statusCode());
            assertTrue(awaitLockWaiter(), "the link waits for the payment's lock");
            writer.commit();
            assertEquals(302, followed.get(30, TimeUnit.SECONDS), "then it is spent: to the bank's SCA page");
        } finally {
            browser.shutdownNow();
        }
        given().config(Tpps.RAW).redirects().follow(false).get(link).then().statusCode(404);
    }

    /** A connection of another writer, in a transaction that holds the payment row's lock until it ends. */
    private Connection lockedRow(long rowId) throws java.sql.SQLException {
        Connection connection = dataSource.getConnection();
        connection.setAutoCommit(false);
        try (PreparedStatement lock = connection.prepareStatement("select 1 from payment where id = ? for update")) {
            lock.setLong(1, rowId);
            lock.executeQuery().close();
        }
        return connection;
    }

    /** Whether a backend of this database waits for a row lock within 30 s (polled: the waiter's thread runs apart). */
    private boolean awaitLockWaiter() throws InterruptedException {
        Sql sql = new Sql(dataSource);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            if (sql.number("select count(*) from pg_stat_activity where datname = current_database()"
                    + " and wait_event_type = 'Lock'") > 0) {
                return true;
            }
            Thread.sleep(20);
        }
        return false;
    }

    private static void join(CompletableFuture<Void> future) {
        try {
            future.get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
