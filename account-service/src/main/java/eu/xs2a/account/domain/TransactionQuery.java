package eu.xs2a.account.domain;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.ErrorTexts;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.validation.IsoDates;
import java.time.LocalDate;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The steering parameters of a transaction list, validated. {@code information} lists a payment account's standing
 * orders ({@link #information()}): no dates (the standard requires dateFrom only for the other reports), no paging.
 * {@code delta} is null for a plain report (dates and page), else the delta report asked for.
 */
public record TransactionQuery(String bookingStatus, LocalDate dateFrom, LocalDate dateTo, int page, int size,
                               boolean withBalance, Delta delta) {

    public static final String INFORMATION = "information";

    /** page and size: plain ASCII digits (Integer.parseInt would also take other scripts' digits and a sign). */
    private static final Pattern WHOLE_NUMBER = Pattern.compile("[0-9]{1,10}");
    /** A gateway entry reference: the booked entry's number (Transaction#bookedSeq). */
    private static final Pattern ENTRY_REFERENCE = Pattern.compile("[0-9]{1,18}");

    /**
     * A delta report of booked entries: after the entry reference {@code entryReferenceFrom}, or with {@code deltaList}
     * after the last one delivered to this TPP under this consent ({@code entryReferenceFrom} then null).
     */
    public record Delta(Long entryReferenceFrom, boolean deltaList) {

        public String query() {
            return deltaList ? "deltaList=true" : "entryReferenceFrom=" + entryReferenceFrom;
        }
    }

    public TransactionQuery(String bookingStatus, LocalDate dateFrom, LocalDate dateTo, int page, int size,
                            boolean withBalance) {
        this(bookingStatus, dateFrom, dateTo, page, size, withBalance, null);
    }

    /**
     * A payment account's report, plain or delta. A delta report lists booked entries only and ignores dateFrom and
     * dateTo (the standard lets it: "might be ignored if a delta function is used"), so they are optional then. A
     * deltaList read always answers the first entries after the mark: it pages by being read again (page is refused).
     */
    public static TransactionQuery parse(String bookingStatus, String dateFrom, String dateTo, String page,
                                         String size, String withBalance, String entryReferenceFrom,
                                         String deltaList, LocalDate today, int maxPageSize) {
        boolean list = flag("deltaList", deltaList);
        if (entryReferenceFrom == null && !list) {
            return parse(bookingStatus, dateFrom, dateTo, page, size, withBalance, today, maxPageSize);
        }
        if (entryReferenceFrom != null && list) {
            throw inconsistent("entryReferenceFrom and deltaList=true are two delta reports: ask for one of them");
        }
        if (!Transaction.BOOKED.equals(bookingStatus)) {
            throw inconsistent("A delta report (" + (list ? "deltaList" : "entryReferenceFrom")
                    + ") lists booked entries: bookingStatus must be booked");
        }
        Long after = null;
        if (entryReferenceFrom != null) {
            if (!ENTRY_REFERENCE.matcher(entryReferenceFrom).matches()) {
                throw parameter("entryReferenceFrom", "entryReferenceFrom '" + ErrorTexts.shown(entryReferenceFrom)
                        + "' is not an entryReference this ASPSP gave");
            }
            after = Long.parseLong(entryReferenceFrom);
        }
        if (list && page != null && !page.isBlank() && !"0".equals(page)) {
            throw inconsistent("deltaList=true answers the entries after the last one delivered: read it again for the"
                    + " next page rather than asking for page " + ErrorTexts.shown(page));
        }
        // ignored, but a malformed date is still a FormatError rather than silently dropped
        LocalDate from = dateFrom == null || dateFrom.isBlank() ? null : IsoDates.parse("dateFrom", dateFrom);
        LocalDate to = dateTo == null || dateTo.isBlank() ? today : IsoDates.parse("dateTo", dateTo);
        int pageIndex = integer("page", page, 0);
        int pageSize = size == null || size.isBlank() ? maxPageSize : pageSize(size, maxPageSize);
        if ((long) pageIndex * pageSize > Integer.MAX_VALUE) {
            throw format("page " + pageIndex + " of size " + pageSize + " starts beyond the last possible row")
                    .at("page");
        }
        return new TransactionQuery(bookingStatus, from, to, pageIndex, pageSize, flag("withBalance", withBalance),
                new Delta(after, list));
    }

    /**
     * Refuses a delta report: Berlin Group's {@code entryReferenceFrom} and {@code deltaList} are optional for the
     * ASPSP, and answering the full report instead would have the TPP import every entry again. {@code deltaList=false}
     * is no delta report.
     */
    public static void refuseDeltaReport(String entryReferenceFrom, String deltaList) {
        if (entryReferenceFrom != null) {
            throw notSupported("entryReferenceFrom (delta reports) is not supported by this ASPSP")
                    .at("entryReferenceFrom");
        }
        // deltaList=false asks for the plain report, which generated clients send by default
        if (flag("deltaList", deltaList)) {
            throw notSupported("deltaList (delta reports) is not supported by this ASPSP").at("deltaList");
        }
    }

    public static TransactionQuery parse(String bookingStatus, String dateFrom, String dateTo, String page,
                                         String size, String withBalance, LocalDate today, int maxPageSize) {
        if (bookingStatus == null || bookingStatus.isBlank()) {
            throw parameter("bookingStatus", "Query parameter bookingStatus is required (booked, pending, both or"
                    + " information)");
        }
        if (INFORMATION.equals(bookingStatus)) {
            return information(dateFrom, dateTo, page, size, withBalance, maxPageSize);
        }
        if (!List.of(Transaction.BOOKED, Transaction.PENDING, "both").contains(bookingStatus)) {
            throw parameter("bookingStatus", "bookingStatus '" + bookingStatus
                    + "' is not one of booked, pending, both, information");
        }
        if (dateFrom == null || dateFrom.isBlank()) {
            throw parameter("dateFrom", "Query parameter dateFrom is required (yyyy-MM-dd)");
        }
        LocalDate from = IsoDates.parse("dateFrom", dateFrom);
        LocalDate to = dateTo == null || dateTo.isBlank() ? today : IsoDates.parse("dateTo", dateTo);
        if (from.isAfter(to)) {
            throw new Psd2Exception(ErrorClass.PERIOD_INVALID, "dateFrom " + from + " is after dateTo " + to)
                    .at("dateFrom");
        }
        int pageIndex = integer("page", page, 0);
        int pageSize = size == null || size.isBlank() ? maxPageSize : pageSize(size, maxPageSize);
        if ((long) pageIndex * pageSize > Integer.MAX_VALUE) {
            // the page's first row would lie beyond any list: the offset must stay a 32-bit number
            throw format("page " + pageIndex + " of size " + pageSize + " starts beyond the last possible row")
                    .at("page");
        }
        return new TransactionQuery(bookingStatus, from, to, pageIndex, pageSize, flag("withBalance", withBalance));
    }

    /**
     * The standing orders of the account: every one in one answer. Dates, page and size do not apply (ignored), but a
     * malformed one is still a FormatError rather than silently dropped.
     */
    private static TransactionQuery information(String dateFrom, String dateTo, String page, String size,
                                                String withBalance, int maxPageSize) {
        if (dateFrom != null && !dateFrom.isBlank()) {
            IsoDates.parse("dateFrom", dateFrom);
        }
        if (dateTo != null && !dateTo.isBlank()) {
            IsoDates.parse("dateTo", dateTo);
        }
        integer("page", page, 0);
        if (size != null && !size.isBlank()) {
            pageSize(size, maxPageSize);
        }
        return new TransactionQuery(INFORMATION, null, null, 0, maxPageSize, flag("withBalance", withBalance));
    }

    /** Card accounts have no standing orders (the 1.3.6 cardAccountReport has no information list). */
    public static void refuseInformation(String bookingStatus) {
        if (INFORMATION.equals(bookingStatus)) {
            throw notSupported("bookingStatus 'information' (standing orders) applies to payment accounts, not to card "
                    + "accounts: ask for booked, pending or both").at("bookingStatus");
        }
    }

    /** bookingStatus=information: the account's standing orders rather than its transactions. */
    public boolean information() {
        return INFORMATION.equals(bookingStatus);
    }

    /** The same query with the balances asked for: a statement (camt, MT940) carries them. */
    public TransactionQuery withBalances() {
        return new TransactionQuery(bookingStatus, dateFrom, dateTo, page, size, true, delta);
    }

    public List<String> statuses() {
        return "both".equals(bookingStatus) ? List.of(Transaction.BOOKED, Transaction.PENDING) : List.of(bookingStatus);
    }

    /**
     * A boolean query parameter: absent is false; otherwise exactly true or false, the OpenAPI boolean's literals.
     * "TRUE" or a bare "?withBalance" is a FormatError rather than a guess a TPP cannot see.
     */
    public static boolean flag(String name, String value) {
        if (value == null) {
            return false;
        }
        if ("true".equals(value)) {
            return true;
        }
        if ("false".equals(value)) {
            return false;
        }
        throw parameter(name, "Query parameter " + name + " must be true or false, not '" + ErrorTexts.shown(value)
                + "'");
    }

    /** One message for every bad size: -1 and "ten" are as wrong as 0 or 101. */
    private static int pageSize(String value, int max) {
        if (!WHOLE_NUMBER.matcher(value).matches() || Long.parseLong(value) < 1 || Long.parseLong(value) > max) {
            throw parameter("size", "size must be between 1 and " + max);
        }
        return Integer.parseInt(value);
    }

    private static int integer(String name, String value, int absent) {
        if (value == null || value.isBlank()) {
            return absent;
        }
        if (WHOLE_NUMBER.matcher(value).matches()) {
            long number = Long.parseLong(value);
            if (number <= Integer.MAX_VALUE) {
                return (int) number;
            }
        }
        throw parameter(name, name + " '" + ErrorTexts.shown(value) + "' is not a whole number from 0 to "
                + Integer.MAX_VALUE);
    }

    private static Psd2Exception format(String message) {
        return new Psd2Exception(ErrorClass.FORMAT_ERROR, message);
    }

    private static Psd2Exception inconsistent(String message) {
        return new Psd2Exception(ErrorClass.PARAMETER_NOT_CONSISTENT, message);
    }

    private static Psd2Exception notSupported(String message) {
        return new Psd2Exception(ErrorClass.PARAMETER_NOT_SUPPORTED, message);
    }

    /** A refusal of one query parameter, which the error body names as its path. */
    private static Psd2Exception parameter(String name, String message) {
        return format(message).at(name);
    }
}
