package eu.xs2a.account.domain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

class TransactionQueryTest {

    private static final LocalDate TODAY = LocalDate.of(2026, 11, 21);

    private static TransactionQuery parse(String status, String from, String to, String page, String size) {
        return TransactionQuery.parse(status, from, to, page, size, null, TODAY, 100);
    }

    @Test
    void dateToDefaultsToTodayAndPagesToTheFirstHundred() {
        TransactionQuery q = parse("both", "2026-01-01", null, null, null);
        assertEquals(TODAY, q.dateTo());
        assertEquals(0, q.page());
        assertEquals(100, q.size());
        assertFalse(q.withBalance());
        assertEquals(List.of("booked", "pending"), q.statuses());
        assertEquals(List.of("pending"), parse("pending", "2026-01-01", null, "2", "10").statuses());
    }

    /** information (standing orders): no dates needed, none used, no paging; a malformed one is still refused. */
    @Test
    void informationNeedsNoDatesAndIsNoCardAccountsReport() {
        TransactionQuery q = parse("information", null, null, null, null);
        assertTrue(q.information());
        assertEquals(null, q.dateFrom());
        assertEquals(0, q.page());
        assertTrue(parse("information", "2026-01-01", "2025-01-01", "0", "5").information(), "dates are ignored");
        assertThrows(Psd2Exception.class, () -> parse("information", "01.01.2026", null, null, null));
        assertThrows(Psd2Exception.class, () -> parse("information", null, null, "x", null));
        assertFalse(parse("booked", "2026-01-01", null, null, null).information());
        Psd2Exception card = assertThrows(Psd2Exception.class, () -> TransactionQuery.refuseInformation("information"));
        assertEquals(ErrorClass.PARAMETER_NOT_SUPPORTED, card.errorClass());
        TransactionQuery.refuseInformation("booked");
    }

    /** Berlin Group's own codes: delta parameters that contradict each other, or that card accounts lack. */
    @Test
    void deltaParametersThatDoNotFitTogetherOrAreNotSupportedSaySo() {
        assertEquals(ErrorClass.PARAMETER_NOT_CONSISTENT, delta("booked", null, "5", "true").errorClass());
        assertEquals(ErrorClass.PARAMETER_NOT_CONSISTENT, delta("pending", null, null, "true").errorClass());
        assertEquals(ErrorClass.PARAMETER_NOT_CONSISTENT, delta("booked", "2", null, "true").errorClass());
        assertEquals(ErrorClass.FORMAT_ERROR, delta("booked", null, "five", null).errorClass(), "malformed");
        assertEquals(ErrorClass.PARAMETER_NOT_SUPPORTED, assertThrows(Psd2Exception.class,
                () -> TransactionQuery.refuseDeltaReport("5", null)).errorClass());
        assertEquals(ErrorClass.PARAMETER_NOT_SUPPORTED, assertThrows(Psd2Exception.class,
                () -> TransactionQuery.refuseDeltaReport(null, "true")).errorClass());
        TransactionQuery.refuseDeltaReport(null, "false");
    }

    /** A refusal of one query parameter names it as the tppMessage's path. */
    @Test
    void aRefusedParameterIsThePath() {
        assertEquals("bookingStatus", assertThrows(Psd2Exception.class,
                () -> parse("all", "2026-01-01", null, null, null)).path());
        assertEquals("dateFrom", assertThrows(Psd2Exception.class, () -> parse("booked", null, null, null, null))
                .path());
        assertEquals("dateFrom", assertThrows(Psd2Exception.class,
                () -> parse("booked", "2026-11-22", "2026-11-21", null, null)).path());
        assertEquals("dateTo", assertThrows(Psd2Exception.class,
                () -> parse("booked", "2026-01-01", "tomorrow", null, null)).path());
        assertEquals("page", assertThrows(Psd2Exception.class, () -> parse("booked", "2026-01-01", null, "-1", null))
                .path());
        assertEquals("size", assertThrows(Psd2Exception.class, () -> parse("booked", "2026-01-01", null, null, "0"))
                .path());
        assertEquals("withBalance", assertThrows(Psd2Exception.class, () -> TransactionQuery.flag("withBalance", "1"))
                .path());
        assertEquals("deltaList", assertThrows(Psd2Exception.class,
                () -> TransactionQuery.refuseDeltaReport(null, "true")).path());
        assertEquals("bookingStatus", assertThrows(Psd2Exception.class,
                () -> TransactionQuery.refuseInformation("information")).path());
        assertEquals(null, delta("booked", null, "5", "true").path(), "two parameters that do not fit: no one path");
    }

    private static Psd2Exception delta(String bookingStatus, String page, String entryReferenceFrom,
                                       String deltaList) {
        return assertThrows(Psd2Exception.class, () -> TransactionQuery.parse(bookingStatus, null, null, page, null,
                null, entryReferenceFrom, deltaList, TODAY, 100));
    }

    @Test
    void aRangeOfOneDayIsFineAReversedOneIsNot() {
        assertEquals(TODAY, parse("booked", "2026-11-21", "2026-11-21", null, null).dateFrom());
        Psd2Exception e = assertThrows(Psd2Exception.class, () -> parse("booked", "2026-11-22", "2026-11-21", null, null));
        assertEquals(ErrorClass.PERIOD_INVALID, e.errorClass());
        assertTrue(e.getMessage().contains("after"));
    }

    @Test
    void aDateOutsideFourDigitYearsIsAFormatErrorNotADatabaseFailure() {
        for (String date : List.of("-999999999-01-01", "+10000-01-01", "0000-01-01")) {
            Psd2Exception e = assertThrows(Psd2Exception.class, () -> parse("booked", date, null, null, null));
            assertEquals(ErrorClass.FORMAT_ERROR, e.errorClass(), date);
            assertThrows(Psd2Exception.class, () -> parse("booked", "2026-01-01", date, null, null), date);
        }
        assertEquals(LocalDate.of(1, 1, 1), parse("booked", "0001-01-01", null, null, null).dateFrom());
    }

    @Test
    void withBalanceIsStrictlyBoolean() {
        assertTrue(TransactionQuery.flag("withBalance", "true"));
        assertFalse(TransactionQuery.flag("withBalance", "false"));
        assertFalse(TransactionQuery.flag("withBalance", null));
        assertThrows(Psd2Exception.class, () -> TransactionQuery.flag("withBalance", "1"));
        // the OpenAPI boolean's literals only: no case folding, and a bare ?withBalance is no answer either
        for (String unclear : new String[] {"TRUE", "False", "", "yes"}) {
            Psd2Exception refused = assertThrows(Psd2Exception.class, () -> TransactionQuery.flag("withBalance", unclear));
            assertEquals("Query parameter withBalance must be true or false, not '" + unclear + "'", refused.getMessage());
        }
    }

    @Test
    void aPageOrSizeThatIsNoIntegerIsAFormatErrorThatSaysSo() {
        // "\u0665" is the Arabic-Indic digit five, which Integer.parseInt reads as 5
        for (String page : List.of("abc", "1.5", "99999999999", "2147483648", "-1", "+1", "\u0665", " 1")) {
            Psd2Exception e = assertThrows(Psd2Exception.class, () -> parse("booked", "2026-01-01", null, page, null));
            assertEquals(ErrorClass.FORMAT_ERROR, e.errorClass());
            assertEquals("page '" + page + "' is not a whole number from 0 to 2147483647", e.getMessage());
        }
        assertEquals("page '" + "9".repeat(80) + "…' is not a whole number from 0 to 2147483647", assertThrows(
                Psd2Exception.class, () -> parse("booked", "2026-01-01", null, "9".repeat(3_000), null)).getMessage());
        assertEquals(2147483647, parse("booked", "2026-01-01", null, "2147483647", "1").page());
        for (String size : List.of("-1", "0", "101", "ten", "99999999999", "\u0665")) {
            assertEquals("size must be between 1 and 100", assertThrows(Psd2Exception.class,
                    () -> parse("booked", "2026-01-01", null, null, size)).getMessage(), size);
        }
        assertEquals(5, parse("booked", "2026-01-01", null, null, "5").size());
    }

    @Test
    void aPageWhoseFirstRowLiesBeyondAnIntegerOffsetIsAFormatError() {
        // page * size overflowed into a negative offset, which the database query refused with a 500
        for (String[] pageAndSize : List.of(new String[] {"21474837", "100"}, new String[] {"1073741824", "2"},
                new String[] {"2147483647", "100"})) {
            Psd2Exception e = assertThrows(Psd2Exception.class,
                    () -> parse("booked", "2026-01-01", null, pageAndSize[0], pageAndSize[1]));
            assertEquals(ErrorClass.FORMAT_ERROR, e.errorClass());
            assertTrue(e.getMessage().contains("beyond the last possible row"), e.getMessage());
            assertEquals("page", e.path(), "the refusal names the parameter, as every other");
        }
        assertEquals(21474836, parse("booked", "2026-01-01", null, "21474836", "100").page());
    }

    @Test
    void lastPageOfAReport() {
        TransactionQuery q = parse("booked", "2026-01-01", null, null, "100");
        assertEquals(0, new TransactionReport(null, q, List.of(), 0, null).lastPage());
        assertEquals(0, new TransactionReport(null, q, List.of(), 100, null).lastPage());
        assertEquals(1, new TransactionReport(null, q, List.of(), 101, null).lastPage());
    }
}
