package eu.xs2a.account.api;

import eu.xs2a.account.config.AccountDataConfig;
import eu.xs2a.account.domain.TransactionQuery;
import eu.xs2a.platform.provider.ProviderCalendar;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** Reads a transaction report's query parameters, the same for accounts and card accounts. */
@ApplicationScoped
public class TransactionQueries {

    @Inject AccountDataConfig config;
    @Inject ProviderCalendar calendar;

    /** A payment account's report, plain or delta; dateTo defaults to today at the provider's bank (an unknown provider is 404). */
    public TransactionQuery of(String providerCode, TransactionParams p) {
        return TransactionQuery.parse(p.bookingStatus(), p.dateFrom(), p.dateTo(), p.page(), p.size(), p.withBalance(),
                p.entryReferenceFrom(), p.deltaList(), calendar.today(providerCode), config.maxPageSize());
    }

    /**
     * A card account's report: delta reports refused first, since the standard's cardTransaction carries no
     * entryReference a TPP could read after; and standing orders (information), which card accounts do not have.
     */
    public TransactionQuery ofCard(String providerCode, TransactionParams p) {
        TransactionQuery.refuseDeltaReport(p.entryReferenceFrom(), p.deltaList());
        TransactionQuery.refuseInformation(p.bookingStatus());
        return TransactionQuery.parse(p.bookingStatus(), p.dateFrom(), p.dateTo(), p.page(), p.size(), p.withBalance(),
                calendar.today(providerCode), config.maxPageSize());
    }
}
