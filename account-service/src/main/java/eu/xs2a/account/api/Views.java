package eu.xs2a.account.api;

import eu.xs2a.account.domain.Account;
import eu.xs2a.account.domain.AccountView;
import eu.xs2a.account.domain.Balance;
import eu.xs2a.account.domain.Transaction;
import eu.xs2a.account.domain.TransactionQuery;
import eu.xs2a.account.domain.TransactionReport;
import eu.xs2a.platform.api.Href;
import jakarta.enterprise.context.ApplicationScoped;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Turns the store's records into the Berlin Group bodies, with {@code _links} as provider-prefixed paths. */
@ApplicationScoped
public class Views {

    public static String accountsPath(String providerCode) {
        return "/" + providerCode + "/api/berlingroup/v1/accounts";
    }

    public Dtos.AccountDetails details(String providerCode, AccountView view) {
        Account a = view.account();
        Map<String, Href> links = new LinkedHashMap<>();
        String self = accountsPath(providerCode) + "/" + a.resourceId;
        if (view.linked() && view.coverage() != null && view.coverage().balances) {
            links.put("balances", new Href(self + "/balances"));
        }
        if (view.linked() && view.coverage() != null && view.coverage().transactions) {
            links.put("transactions", new Href(self + "/transactions"));
        }
        return new Dtos.AccountDetails(a.resourceId, a.iban, a.bban, a.currency, a.name, a.product, a.cashAccountType,
                a.status, a.bic, a.usage, view.coverage() != null && view.coverage().ownerName ? a.ownerName : null,
                balances(view.balances()), links.isEmpty() ? null : links);
    }

    public Dtos.AccountReference reference(Account a) {
        return new Dtos.AccountReference(a.iban, a.iban == null ? a.bban : null, a.currency);
    }

    public List<Dtos.Balance> balances(List<Balance> balances) {
        if (balances == null) {
            return null;
        }
        return balances.stream().map(b -> new Dtos.Balance(new Dtos.Amount(b.currency, b.amount), b.balanceType,
                b.lastChangeDateTime, b.referenceDate)).toList();
    }

    public Dtos.TransactionsResponse report(String providerCode, TransactionReport report) {
        Account a = report.account();
        String accountPath = accountsPath(providerCode) + "/" + a.resourceId;
        TransactionQuery q = report.query();
        List<Dtos.TransactionDetails> booked = q.statuses().contains(Transaction.BOOKED)
                ? report.transactions().stream().filter(t -> Transaction.BOOKED.equals(t.bookingStatus))
                        .map(t -> transaction(providerCode, a, t)).toList()
                : null;
        List<Dtos.TransactionDetails> pending = q.statuses().contains(Transaction.PENDING)
                ? report.transactions().stream().filter(t -> Transaction.PENDING.equals(t.bookingStatus))
                        .map(t -> transaction(providerCode, a, t)).toList()
                : null;
        Map<String, Href> links = new LinkedHashMap<>();
        links.put("account", new Href(accountPath));
        int last = report.lastPage();
        links.put("first", new Href(pageLink(accountPath, q, 0)));
        if (q.page() > 0) {
            links.put("previous", new Href(pageLink(accountPath, q, Math.min(q.page() - 1, last))));
        }
        if (q.page() < last) {
            links.put("next", new Href(pageLink(accountPath, q, q.page() + 1)));
        }
        links.put("last", new Href(pageLink(accountPath, q, last)));
        return new Dtos.TransactionsResponse(reference(a), new Dtos.AccountReport(booked, pending, links),
                balances(report.balances()));
    }

    private static String pageLink(String accountPath, TransactionQuery q, int page) {
        return accountPath + "/transactions?bookingStatus=" + q.bookingStatus() + "&dateFrom=" + q.dateFrom()
                + "&dateTo=" + q.dateTo() + (q.withBalance() ? "&withBalance=true" : "") + "&size=" + q.size()
                + "&page=" + page;
    }

    public Dtos.TransactionDetails transaction(String providerCode, Account a, Transaction t) {
        String href = accountsPath(providerCode) + "/" + a.resourceId + "/transactions/" + pathSegment(t.transactionId);
        return new Dtos.TransactionDetails(t.transactionId, t.entryReference, t.endToEndId, t.bookingDate,
                t.valueDate == null ? null : t.valueDate.toString(), new Dtos.Amount(t.currency, t.amount),
                t.creditorName, t.creditorAccount, t.debtorName, t.debtorAccount,
                t.remittanceInformation, t.bankTransactionCode, Map.of("transactionDetails", new Href(href)));
    }

    /**
     * The bank's transaction id as one path segment: the bank chooses its ids, and one with a '/', '?', '%' or a space
     * would otherwise make a link to another resource or to none. Form encoding with its '+' for a space turned into
     * %20 encodes every character a segment may not hold (and a few it may, which is allowed).
     */
    static String pathSegment(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
