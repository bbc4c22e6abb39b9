package eu.xs2a.account.domain;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;

/**
 * The opening and closing booked balance of a statement (MT940 :60F:/:62F:, camt.053 OPBD/CLBD), which a statement
 * must carry. Closing: the bank's closingBooked balance, else interimBooked, expected or interimAvailable, as the
 * bank gives them. Opening: the bank's openingBooked, else the closing balance less the statement's booked entries,
 * so that opening plus entries is closing, as a statement reader checks.
 *
 * <p>A report of several pages is one statement in parts, the newest entries on the first page: a page's closing is
 * the closing less the booked entries of the pages before it ({@link TransactionReport#bookedBefore}), so each page's
 * opening is the next page's closing. Only the first page closes the statement ({@code closesStatement}: :62F:,
 * CLBD, else :62M:, ITBD, dated by its newest entry) and only the last opens it ({@code opensStatement}: :60F:, OPBD,
 * else :60M:, ITBD, dated by its oldest entry).
 */
public record StatementBalances(BigDecimal opening, LocalDate openingDate, BigDecimal closing, LocalDate closingDate,
                                String currency, boolean opensStatement, boolean closesStatement) {

    private static final List<String> CLOSING = List.of("closingBooked", "interimBooked", "expected",
            "interimAvailable");

    /** A statement needs the balances, which the consent must cover: ConsentInvalid otherwise. */
    public static StatementBalances of(TransactionReport report, String format) {
        List<Balance> balances = report.balances();
        Balance closing = balances == null ? null : CLOSING.stream()
                .flatMap(type -> balances.stream().filter(b -> type.equals(b.balanceType))).findFirst().orElse(null);
        if (closing == null) {
            throw new Psd2Exception(ErrorClass.CONSENT_INVALID, "A " + format + " statement carries the account's "
                    + "booked balances, which the consent does not cover for account " + report.account().resourceId
                    + ": ask for application/json, or for camt.052 (application/xml with bookingStatus pending or both)");
        }
        List<Transaction> entries = report.transactions();
        boolean closes = report.query().page() == 0;
        boolean opens = report.oldestPage();
        BigDecimal pageClosing = new BigDecimal(closing.amount).subtract(report.bookedBefore());
        LocalDate pageClosingDate = closes || entries.isEmpty() ? dateOf(closing, report)
                : day(entries.get(0));
        Balance opening = balances.stream().filter(b -> "openingBooked".equals(b.balanceType)).findFirst()
                .orElse(null);
        if (opening != null && opens && closes) {
            return new StatementBalances(new BigDecimal(opening.amount), dateOf(opening, report), pageClosing,
                    pageClosingDate, closing.currency, true, true);
        }
        BigDecimal booked = entries.stream().filter(t -> Transaction.BOOKED.equals(t.bookingStatus))
                .map(t -> new BigDecimal(t.amount)).reduce(BigDecimal.ZERO, BigDecimal::add);
        LocalDate openingDate = !opens && !entries.isEmpty() ? day(entries.get(entries.size() - 1))
                : report.query().dateFrom() != null ? report.query().dateFrom() : pageClosingDate;
        return new StatementBalances(pageClosing.subtract(booked), openingDate, pageClosing, pageClosingDate,
                closing.currency, opens, closes);
    }

    /** The day an entry was booked. */
    private static LocalDate day(Transaction entry) {
        return entry.bookingDate != null ? entry.bookingDate : entry.entryDate;
    }

    /** A balance's day: its reference date, else the day of its last change (UTC), else the report's end. */
    public static LocalDate dateOf(Balance balance, TransactionReport report) {
        if (balance.referenceDate != null) {
            return balance.referenceDate;
        }
        if (balance.lastChangeDateTime != null) {
            return balance.lastChangeDateTime.atOffset(ZoneOffset.UTC).toLocalDate();
        }
        return report.query().dateTo();
    }
}
