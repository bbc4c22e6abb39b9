package eu.xs2a.account.api;

import jakarta.ws.rs.QueryParam;

/** The query parameters of a transaction report, the same for accounts and card accounts ({@link TransactionQueries}). */
public record TransactionParams(@QueryParam("bookingStatus") String bookingStatus,
                                @QueryParam("dateFrom") String dateFrom,
                                @QueryParam("dateTo") String dateTo,
                                @QueryParam("page") String page,
                                @QueryParam("size") String size,
                                @QueryParam("withBalance") String withBalance,
                                @QueryParam("entryReferenceFrom") String entryReferenceFrom,
                                @QueryParam("deltaList") String deltaList) {
}
