package eu.xs2a.account.domain;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.LocalDate;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** When a report's page tells its total, and when the count query must (AccountReads#totalAfter). */
class ReportTotalTest {

    private static final LocalDate DAY = LocalDate.of(2026, 11, 29);

    private static Optional<Long> total(int entriesOnPage, int page, int size) {
        List<Transaction> entries = Collections.nCopies(entriesOnPage, new Transaction());
        return AccountReads.totalAfter(entries, new TransactionQuery("booked", DAY, DAY, page, size, false));
    }

    @Test
    void aPageNotFullIsTheLastOne() {
        assertEquals(Optional.of(7L), total(7, 0, 10));
        assertEquals(Optional.of(27L), total(7, 2, 10));
        assertEquals(Optional.of(0L), total(0, 0, 10), "an empty first page: nothing at all");
    }

    @Test
    void aFullPageOrAnEmptyOneFurtherOnNeedsTheCount() {
        assertEquals(Optional.empty(), total(10, 0, 10), "more may follow a full page");
        assertEquals(Optional.empty(), total(0, 3, 10), "past the end: how far past is unknown");
    }
}
