package eu.xs2a.account.domain;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.ErrorTexts;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.validation.IsoDates;
import java.time.LocalDate;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The steering parameters of a transaction list, validated. {@code information} (standing orders) is a permitted
 * Berlin Group code that this ASPSP does not support, which the standard answers with an error.
 */
public record TransactionQuery(String bookingStatus, LocalDate dateFrom, LocalDate dateTo, int page, int size,
                               boolean withBalance) {

    /** page and size: plain ASCII digits (Integer.parseInt would also take other scripts' digits and a sign). */
    private static final Pattern WHOLE_NUMBER = Pattern.compile("[0-9]{1,10}");

    /**
     * Refuses a delta report: Berlin Group's {@code entryReferenceFrom} and {@code deltaList} are optional for the
     * ASPSP, and answering the full report instead would have the TPP import every entry again. {@code deltaList=false}
     * is no delta report.
     */
    public static void refuseDeltaReport(String entryReferenceFrom, String deltaList) {
        if (entryReferenceFrom != null) {
            throw format("entryReferenceFrom (delta reports) is not supported by this ASPSP");
        }
        // deltaList=false asks for the plain report, which generated clients send by default
        if (flag("deltaList", deltaList)) {
            throw format("deltaList (delta reports) is not supported by this ASPSP");
        }
    }

    public static TransactionQuery parse(String bookingStatus, String dateFrom, String dateTo, String page,
                                         String size, String withBalance, LocalDate today, int maxPageSize) {
        if (bookingStatus == null || bookingStatus.isBlank()) {
            throw format("Query parameter bookingStatus is required (booked, pending or both)");
        }
        if ("information".equals(bookingStatus)) {
            throw format("bookingStatus 'information' (standing orders) is not supported by this ASPSP");
        }
        if (!List.of(Transaction.BOOKED, Transaction.PENDING, "both").contains(bookingStatus)) {
            throw format("bookingStatus '" + bookingStatus + "' is not one of booked, pending, both");
        }
        if (dateFrom == null || dateFrom.isBlank()) {
            throw format("Query parameter dateFrom is required (yyyy-MM-dd)");
        }
        LocalDate from = IsoDates.parse("dateFrom", dateFrom);
        LocalDate to = dateTo == null || dateTo.isBlank() ? today : IsoDates.parse("dateTo", dateTo);
        if (from.isAfter(to)) {
            throw format("dateFrom " + from + " is after dateTo " + to);
        }
        int pageIndex = integer("page", page, 0);
        int pageSize = size == null || size.isBlank() ? maxPageSize : pageSize(size, maxPageSize);
        if ((long) pageIndex * pageSize > Integer.MAX_VALUE) {
            // the page's first row would lie beyond any list: the offset must stay a 32-bit number
            throw format("page " + pageIndex + " of size " + pageSize + " starts beyond the last possible row");
        }
        return new TransactionQuery(bookingStatus, from, to, pageIndex, pageSize, flag("withBalance", withBalance));
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
        throw format("Query parameter " + name + " must be true or false, not '" + ErrorTexts.shown(value) + "'");
    }

    /** One message for every bad size: -1 and "ten" are as wrong as 0 or 101. */
    private static int pageSize(String value, int max) {
        if (!WHOLE_NUMBER.matcher(value).matches() || Long.parseLong(value) < 1 || Long.parseLong(value) > max) {
            throw format("size must be between 1 and " + max);
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
        throw format(name + " '" + value + "' is not a whole number from 0 to " + Integer.MAX_VALUE);
    }

    private static Psd2Exception format(String message) {
        return new Psd2Exception(ErrorClass.FORMAT_ERROR, message);
    }
}
