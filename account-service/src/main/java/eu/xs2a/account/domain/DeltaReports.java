package eu.xs2a.account.domain;

import eu.xs2a.account.persistence.DeltaMarkRepository;
import eu.xs2a.account.persistence.TransactionRepository;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.util.List;

/**
 * Delta reports from the store: booked entries in the order of their gateway entry reference (Transaction#bookedSeq),
 * which only grows, so entries stored by a later refresh always come after those read before.
 */
@ApplicationScoped
public class DeltaReports {

    @Inject TransactionRepository transactions;
    @Inject DeltaMarkRepository marks;

    /** One page of the entries to report and how many there are in all (from the page's start for deltaList). */
    public record Page(List<Transaction> transactions, long total) {
    }

    /**
     * entryReferenceFrom: the booked entries after it, paged as a plain report. One this account's report never gave
     * is a FormatError (the standard's answer to an entry reference it does not know).
     */
    public Page after(Account account, TransactionQuery query) {
        long from = query.delta().entryReferenceFrom();
        if (!transactions.hasBookedEntry(account.id, from)) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "entryReferenceFrom '" + from
                    + "' is no booked entry of account " + account.resourceId).at("entryReferenceFrom");
        }
        return new Page(transactions.bookedAfter(account.id, from, query.page(), query.size()),
                transactions.countBookedAfter(account.id, from));
    }

    /**
     * deltaList: the first page of entries after this TPP's mark for the consent and account, the mark advanced to
     * the page's last entry in the same transaction. The next read answers the entries after that page, so a delta
     * spanning pages is read page by page, each entry once.
     */
    @Transactional
    public Page sinceLastRead(CallContext ctx, Account account, TransactionQuery query) {
        long mark = marks.lock(ctx.providerCode(), ctx.tppId(), ctx.consentId(), account.id);
        List<Transaction> page = transactions.bookedAfter(account.id, mark, 0, query.size());
        long total = transactions.countBookedAfter(account.id, mark);
        if (!page.isEmpty()) {
            marks.advance(ctx.providerCode(), ctx.tppId(), ctx.consentId(), account.id,
                    page.get(page.size() - 1).bookedSeq);
        }
        return new Page(page, total);
    }
}
