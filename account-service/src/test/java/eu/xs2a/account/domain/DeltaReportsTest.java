package eu.xs2a.account.domain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.account.aspsp.BankAccount;
import eu.xs2a.account.aspsp.BankAmount;
import eu.xs2a.account.aspsp.BankTransaction;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Delta reports over the real store, written by the real writer as refreshes write it: each "refresh" here stores
 * what the bank lists then (more bookings, a pending entry turned booked), and delta reads between them page through
 * the entries the mark has not passed.
 */
@QuarkusTest
class DeltaReportsTest {

    private static final LocalDate DAY = LocalDate.of(2026, 11, 2);

    @Inject AccountDataWriter writer;
    @Inject DeltaReports deltas;

    private static BankTransaction tx(String id, String status, int day) {
        return new BankTransaction(id, "BANK-" + id, null, status, "booked".equals(status) ? DAY.plusDays(day) : null,
                DAY.plusDays(day), new BankAmount("EUR", "-1.00"), null, null, null, null, "entry " + id, null,
                null, null, null, null, null, null, null);
    }

    private static TransactionQuery deltaList(int size) {
        return new TransactionQuery("booked", null, DAY, 0, size, false, new TransactionQuery.Delta(null, true));
    }

    private static TransactionQuery after(long reference, int page, int size) {
        return new TransactionQuery("booked", null, DAY, page, size, false,
                new TransactionQuery.Delta(reference, false));
    }

    /** The TPP's account of that IBAN under consent-1, as a refresh stores the bank's list: its id. */
    private UUID storedAccount(String tpp, String iban) {
        return writer.storeAccounts("sandbox", tpp, "consent-1", List.of(new BankAccount("a", iban, null, null,
                "EUR", "Konto", null, null, "enabled", null, null, null, new BankAccount.Access(true, true, false),
                null, null, false))).get(0).accountId();
    }

    /** Reads the delta to its end, page by page as a TPP follows next: the ids in the order delivered. */
    private List<String> readDelta(CallContext ctx, Account account, int size) {
        List<String> ids = new ArrayList<>();
        while (true) {
            DeltaReports.Page page = deltas.sinceLastRead(ctx, account, deltaList(size));
            page.transactions().forEach(t -> ids.add(t.transactionId));
            if (page.total() <= page.transactions().size()) {
                return ids;
            }
        }
    }

    @Test
    void aDeltaReadAcrossRefreshesAndPagesGivesEachBookedEntryOnce() {
        String tpp = "PSDXX-DELTA-" + UUID.randomUUID();
        CallContext ctx = new CallContext("sandbox", tpp, "consent-1", false, null);
        UUID accountId = storedAccount(tpp, "DE02100100109307118603");
        Account account = Account.findById(accountId);

        List<BankTransaction> listed = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            listed.add(tx("b" + i, "booked", i));
        }
        listed.add(tx("p1", "pending", 6));
        writer.storeAccountData("sandbox", accountId, new AccountDataWriter.AccountData(null, listed));
        assertEquals(List.of("b0", "b1", "b2", "b3", "b4"), readDelta(ctx, account, 2));
        assertEquals(List.of(), readDelta(ctx, account, 2), "nothing new: an empty delta");

        // the next refresh: p1 booked, three new bookings, and the old ones listed again (changed text)
        listed.clear();
        for (int i = 0; i < 5; i++) {
            listed.add(tx("b" + i, "booked", i));
        }
        listed.add(tx("p1", "booked", 6));
        listed.add(tx("b5", "booked", 7));
        listed.add(tx("b6", "booked", 8));
        listed.add(tx("b7", "booked", 9));
        writer.storeAccountData("sandbox", accountId, new AccountDataWriter.AccountData(null, listed));
        // a delta read of one page; meanwhile another refresh adds b8; the rest of the delta follows
        DeltaReports.Page first = deltas.sinceLastRead(ctx, account, deltaList(3));
        assertEquals(List.of("p1", "b5", "b6"), first.transactions().stream().map(t -> t.transactionId).toList());
        assertEquals(4, first.total());
        listed.add(tx("b8", "booked", 10));
        writer.storeAccountData("sandbox", accountId, new AccountDataWriter.AccountData(null, listed));
        assertEquals(List.of("b7", "b8"), readDelta(ctx, account, 3));

        // another consent of the same TPP has a mark of its own: it gets everything
        CallContext other = new CallContext("sandbox", tpp, "consent-2", false, null);
        assertEquals(List.of("b0", "b1", "b2", "b3", "b4", "p1", "b5", "b6", "b7", "b8"),
                readDelta(other, account, 4));

        // entryReferenceFrom: after b4's reference, paged, whatever the marks say
        Transaction b4 = Transaction.find("accountId = ?1 and transactionId = ?2", accountId, "b4").firstResult();
        assertEquals("BANK-b4", b4.entryReference, "the bank's own reference is kept");
        assertNotNull(b4.shownEntryReference());
        long ref = Long.parseLong(b4.shownEntryReference());
        DeltaReports.Page second = deltas.after(account, after(ref, 1, 2));
        assertEquals(List.of("b6", "b7"), second.transactions().stream().map(t -> t.transactionId).toList());
        assertEquals(5, second.total());
    }

    @Test
    void aPendingEntryHasNoEntryReferenceAndAnUnknownOneIsAFormatError() {
        String tpp = "PSDXX-DELTA-" + UUID.randomUUID();
        UUID accountId = storedAccount(tpp, "DE89370400440532013000");
        Account account = Account.findById(accountId);
        writer.storeAccountData("sandbox", accountId, new AccountDataWriter.AccountData(null,
                List.of(tx("p", "pending", 1), tx("b", "booked", 0))));
        Transaction pending = Transaction.find("accountId = ?1 and transactionId = ?2", accountId, "p").firstResult();
        assertNull(pending.bookedSeq);

        Psd2Exception unknown = assertThrows(Psd2Exception.class, () -> deltas.after(account, after(0, 0, 10)));
        assertEquals(ErrorClass.FORMAT_ERROR, unknown.errorClass());
        assertTrue(unknown.getMessage().contains("entryReferenceFrom"));
    }
    @Test
    void entriesOfOneDayAreNumberedInTheBanksBookingOrder() {
        // the bank lists newest first (BANK-API.md): of one day's bookings, the last listed was booked first
        String tpp = "PSDXX-DELTA-" + UUID.randomUUID();
        CallContext ctx = new CallContext("sandbox", tpp, "consent-1", false, null);
        UUID accountId = storedAccount(tpp, "DE02100100109307118603");
        Account account = Account.findById(accountId);
        writer.storeAccountData("sandbox", accountId, new AccountDataWriter.AccountData(null,
                List.of(tx("z-third", "booked", 1), tx("a-second", "booked", 1), tx("m-first", "booked", 1),
                        tx("earlier-day", "booked", 0))));
        assertEquals(List.of("earlier-day", "m-first", "a-second", "z-third"), readDelta(ctx, account, 10));
    }
}
