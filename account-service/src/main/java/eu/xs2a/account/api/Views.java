package eu.xs2a.account.api;

import eu.xs2a.account.aspsp.BankAmount;
import eu.xs2a.account.aspsp.BankStandingOrder;
import eu.xs2a.account.domain.StandingOrderReport;

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

    public static String cardAccountsPath(String providerCode) {
        return "/" + providerCode + "/api/berlingroup/v1/card-accounts";
    }

    public Dtos.AccountDetails details(String providerCode, AccountView view) {
        Account a = view.account();
        return new Dtos.AccountDetails(a.resourceId, a.iban, a.bban, a.currency, a.name, a.product, a.cashAccountType,
                a.status, a.bic, a.usage, ownerName(view), balances(view.balances()),
                detailLinks(accountsPath(providerCode) + "/" + a.resourceId, view));
    }

    public Dtos.CardAccountDetails cardDetails(String providerCode, AccountView view) {
        Account a = view.account();
        Dtos.Amount creditLimit = a.creditLimitAmount == null ? null
                : new Dtos.Amount(a.creditLimitCurrency, a.creditLimitAmount);
        return new Dtos.CardAccountDetails(a.resourceId, a.maskedPan, a.currency, ownerName(view), a.name, a.product,
                a.status, a.usage, creditLimit, balances(view.balances()),
                detailLinks(cardAccountsPath(providerCode) + "/" + a.resourceId, view));
    }

    private static String ownerName(AccountView view) {
        return view.coverage() != null && view.coverage().ownerName ? view.account().ownerName : null;
    }

    /** Links to what the consent covers of the account; none under a consent to the list of accounts only. */
    private static Map<String, Href> detailLinks(String self, AccountView view) {
        Map<String, Href> links = new LinkedHashMap<>();
        if (view.linked() && view.coverage() != null && view.coverage().balances) {
            links.put("balances", new Href(self + "/balances"));
        }
        if (view.linked() && view.coverage() != null && view.coverage().transactions) {
            links.put("transactions", new Href(self + "/transactions"));
        }
        return links.isEmpty() ? null : links;
    }

    public Dtos.CardAccountReference cardReference(Account a) {
        return new Dtos.CardAccountReference(a.maskedPan, a.currency);
    }

    public Dtos.AccountReference reference(Account a) {
        return new Dtos.AccountReference(a.iban, a.iban == null ? a.bban : null, a.currency);
    }

    public List<Dtos.Balance> balances(List<Balance> balances) {
        if (balances == null) {
            return null;
        }
        return balances.stream().map(b -> new Dtos.Balance(new Dtos.Amount(b.currency, b.amount), b.balanceType,
                b.creditLimitIncluded, b.lastChangeDateTime, b.referenceDate)).toList();
    }

    /**
     * A page of the report, with its paging links; {@code downloadId} (or null) is the download of the whole report
     * offered beside it (top-level {@code _links.download}).
     */
    public Dtos.TransactionsResponse report(String providerCode, TransactionReport report, String downloadId) {
        String accountPath = accountsPath(providerCode) + "/" + report.account().resourceId;
        Map<String, Href> download = downloadId == null ? null
                : Map.of("download", new Href(accountPath + "/transactions/download/" + downloadId));
        return report(providerCode, report, reportLinks("account", accountPath, report), download);
    }

    /** A downloaded report: all its entries at once, so no paging links. */
    public Dtos.TransactionsResponse download(String providerCode, TransactionReport report) {
        String accountPath = accountsPath(providerCode) + "/" + report.account().resourceId;
        return report(providerCode, report, Map.of("account", new Href(accountPath)), null);
    }

    private Dtos.TransactionsResponse report(String providerCode, TransactionReport report,
                                             Map<String, Href> reportLinks, Map<String, Href> links) {
        Account a = report.account();
        TransactionQuery q = report.query();
        List<Dtos.TransactionDetails> booked = q.statuses().contains(Transaction.BOOKED)
                ? report.transactions().stream().filter(t -> Transaction.BOOKED.equals(t.bookingStatus))
                        .map(t -> transaction(providerCode, a, t)).toList()
                : null;
        List<Dtos.TransactionDetails> pending = q.statuses().contains(Transaction.PENDING)
                ? report.transactions().stream().filter(t -> Transaction.PENDING.equals(t.bookingStatus))
                        .map(t -> transaction(providerCode, a, t)).toList()
                : null;
        return new Dtos.TransactionsResponse(reference(a), new Dtos.AccountReport(booked, pending, reportLinks),
                balances(report.balances()), links);
    }

    /** A payment account's standing orders: {@code transactions.information}, with the link to the account. */
    public Dtos.TransactionsResponse standingOrders(String providerCode, StandingOrderReport report) {
        Account a = report.account();
        String accountPath = accountsPath(providerCode) + "/" + a.resourceId;
        List<Dtos.StandingOrderEntry> information = report.standingOrders().stream().map(Views::standingOrder)
                .toList();
        return new Dtos.TransactionsResponse(reference(a), new Dtos.AccountReport(null, null, information,
                Map.of("account", new Href(accountPath))), balances(report.balances()), null);
    }

    private static Dtos.StandingOrderEntry standingOrder(BankStandingOrder order) {
        BankStandingOrder.Terms terms = order.standingOrder();
        BankAmount amount = order.instructedAmount();
        Dtos.StandingOrderDetails details = terms == null ? null : new Dtos.StandingOrderDetails(terms.startDate(),
                terms.endDate(), terms.executionRule(), terms.frequency(),
                terms.monthsOfExecution() == null || terms.monthsOfExecution().isEmpty() ? null
                        : terms.monthsOfExecution(),
                terms.dayOfExecution());
        return new Dtos.StandingOrderEntry(order.endToEndId(),
                amount == null ? null : new Dtos.Amount(amount.currency(), debit(amount.amount())),
                order.creditorName(), order.creditorAccount(), order.remittanceInformationUnstructured(),
                details == null ? null : new Dtos.AdditionalInformationStructured(details));
    }

    /** A standing order's amount as its bookings on the debtor account will show it: a debit, negative. */
    private static String debit(String amount) {
        return amount == null || amount.startsWith("-") ? amount : "-" + amount;
    }

    /**
     * A card account's report. {@code booked} is always there (the standard's cardAccountReport requires it), empty
     * when only pending ones were asked for.
     */
    public Dtos.CardTransactionsResponse cardReport(TransactionReport report) {
        Account a = report.account();
        String accountPath = cardAccountsPath(a.providerCode) + "/" + a.resourceId;
        TransactionQuery q = report.query();
        List<Dtos.CardTransaction> booked = report.transactions().stream()
                .filter(t -> Transaction.BOOKED.equals(t.bookingStatus)).map(Views::cardTransaction).toList();
        List<Dtos.CardTransaction> pending = q.statuses().contains(Transaction.PENDING)
                ? report.transactions().stream().filter(t -> Transaction.PENDING.equals(t.bookingStatus))
                        .map(Views::cardTransaction).toList()
                : null;
        return new Dtos.CardTransactionsResponse(cardReference(a),
                new Dtos.CardAccountReport(booked, pending, reportLinks("cardAccount", accountPath, report)),
                balances(report.balances()));
    }

    private static Dtos.CardTransaction cardTransaction(Transaction t) {
        return new Dtos.CardTransaction(t.transactionId, t.transactionDate, t.bookingDate,
                new Dtos.Amount(t.currency, t.amount), t.cardAcceptorId, t.cardAcceptorAddress,
                t.merchantCategoryCode, t.maskedPan, t.remittanceInformation, t.invoiced, t.bankTransactionCode);
    }

    /** The report's links: to the account ({@code accountKey} as the standard names it) and to its pages. */
    private static Map<String, Href> reportLinks(String accountKey, String accountPath, TransactionReport report) {
        TransactionQuery q = report.query();
        Map<String, Href> links = new LinkedHashMap<>();
        links.put(accountKey, new Href(accountPath));
        if (q.delta() != null && q.delta().deltaList()) {
            // a delta list pages by being read again: the mark has moved past this page
            if (report.total() > report.transactions().size()) {
                links.put("next", new Href(pageLink(accountPath, q, 0)));
            }
            return links;
        }
        int last = report.lastPage();
        links.put("first", new Href(pageLink(accountPath, q, 0)));
        if (q.page() > 0) {
            links.put("previous", new Href(pageLink(accountPath, q, Math.min(q.page() - 1, last))));
        }
        if (q.page() < last) {
            links.put("next", new Href(pageLink(accountPath, q, q.page() + 1)));
        }
        links.put("last", new Href(pageLink(accountPath, q, last)));
        return links;
    }

    private static String pageLink(String accountPath, TransactionQuery q, int page) {
        if (q.delta() != null) {
            return accountPath + "/transactions?bookingStatus=booked&" + q.delta().query()
                    + (q.withBalance() ? "&withBalance=true" : "") + "&size=" + q.size()
                    + (q.delta().deltaList() ? "" : "&page=" + page);
        }
        return accountPath + "/transactions?bookingStatus=" + q.bookingStatus() + "&dateFrom=" + q.dateFrom()
                + "&dateTo=" + q.dateTo() + (q.withBalance() ? "&withBalance=true" : "") + "&size=" + q.size()
                + "&page=" + page;
    }

    public Dtos.TransactionDetails transaction(String providerCode, Account a, Transaction t) {
        String href = accountsPath(providerCode) + "/" + a.resourceId + "/transactions/" + pathSegment(t.transactionId);
        return new Dtos.TransactionDetails(t.transactionId, t.shownEntryReference(), t.endToEndId, t.bookingDate,
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
