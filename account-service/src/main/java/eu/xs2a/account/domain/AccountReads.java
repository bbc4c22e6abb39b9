package eu.xs2a.account.domain;

import eu.xs2a.account.aspsp.BankPort;
import eu.xs2a.account.aspsp.BankStandingOrder;
import eu.xs2a.account.consent.ConsentCheckRequest;
import eu.xs2a.account.consent.ConsentCheckResult;
import eu.xs2a.account.consent.ConsentLookup;
import eu.xs2a.account.persistence.AccountRepository;
import eu.xs2a.account.persistence.AccountRepository.WithCoverage;
import eu.xs2a.account.persistence.BalanceRepository;
import eu.xs2a.account.persistence.ConsentAccountRepository;
import eu.xs2a.account.persistence.ConsentSnapshotRepository;
import eu.xs2a.account.persistence.TransactionRepository;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * The account reads. Each one: find the account among the TPP's own (else ResourceUnknown), ask consent-service
 * whether the consent may be used for it (which counts unattended accesses), make sure the consent's data has been
 * fetched once, then answer from the store — so reads keep working while the bank is down. Under a consent not yet
 * fetched, the unattended access is counted after the fetch, so that a bank failure costs the TPP no access.
 * Coverage is checked twice: by the lookup (the consent's access) and against what the bank listed under the consent.
 * Card accounts ({@code card}) are read the same way, each kind only under its own path: a card account's id under
 * /accounts is as unknown as any other id, and so is a payment account's under /card-accounts.
 */
@ApplicationScoped
public class AccountReads {

    static final String AIS = "AIS";

    @Inject ConsentLookup lookup;
    @Inject AccountDataFetcher fetcher;
    @Inject AccountRepository accounts;
    @Inject ConsentAccountRepository coverage;
    @Inject ConsentSnapshotRepository snapshots;
    @Inject BalanceRepository balances;
    @Inject TransactionRepository transactions;
    @Inject DeltaReports deltas;
    @Inject ReportDownloads downloads;
    @Inject BankPort bank;

    /** @param card the card accounts (lookup resource card-accounts), else the payment accounts */
    public List<AccountView> list(CallContext ctx, boolean card, boolean withBalance) {
        String resource = card ? "card-accounts" : "accounts";
        ConsentCheckResult check = fetched(ctx) ? check(ctx, resource, null) : checkAndFetch(ctx, resource, null);
        Map<UUID, ConsentAccount> covered = coverage.ofConsent(ctx.providerCode(), ctx.tppId(), ctx.consentId());
        boolean linked = !listOnly(check);
        return accounts.ofConsent(ctx.providerCode(), ctx.tppId(), ctx.consentId(), card).stream()
                .filter(a -> ctx.psuCorporateId() == null || Objects.equals(ctx.psuCorporateId(), a.corporateId))
                .map(a -> view(a, covered.get(a.id), withBalance, linked))
                .toList();
    }

    public AccountView details(CallContext ctx, boolean card, String resourceId, boolean withBalance) {
        WithCoverage own = ownAccount(ctx, card, resourceId);
        ConsentAccount covered = checkCovered(ctx, own, "account");
        boolean showBalances = withBalance && covered.balances;
        return new AccountView(own.account(), covered, showBalances ? balancesOf(own) : null, true);
    }

    public AccountView balances(CallContext ctx, boolean card, String resourceId) {
        WithCoverage own = ownAccount(ctx, card, resourceId);
        ConsentAccount covered = checkCovered(ctx, own, "balances");
        if (!covered.balances) {
            throw new Psd2Exception(ErrorClass.CONSENT_INVALID, "The consent does not cover the balances of account "
                    + resourceId);
        }
        return new AccountView(own.account(), covered, balancesOf(own), true);
    }

    public TransactionReport transactions(CallContext ctx, boolean card, String resourceId, TransactionQuery query) {
        WithCoverage own = ownAccount(ctx, card, resourceId);
        Account account = own.account();
        ConsentAccount covered = transactionsCovered(ctx, own, resourceId);
        List<Transaction> page;
        long total;
        if (query.delta() == null) {
            page = transactions.page(account.id, query.statuses(), query.dateFrom(), query.dateTo(), query.page(),
                    query.size());
            total = totalAfter(page, query).orElseGet(
                    () -> transactions.count(account.id, query.statuses(), query.dateFrom(), query.dateTo()));
        } else {
            // after the lookup and any fetch from the bank: the mark's row lock is held only while reading the store
            DeltaReports.Page delta = query.delta().deltaList() ? deltas.sinceLastRead(ctx, account, query)
                    : deltas.after(account, query);
            page = delta.transactions();
            total = delta.total();
        }
        List<Balance> balanceList = query.withBalance() && covered.balances ? balancesOf(own) : null;
        return new TransactionReport(account, query, page, total, balanceList);
    }

    /**
     * A booked report as a statement (camt.053, MT940): {@link #transactions} with the booked entries of the pages
     * before this one added up, so that a later page's balances follow on from the newer pages' (a delta report's
     * page is its own).
     */
    public TransactionReport statement(CallContext ctx, boolean card, String resourceId, TransactionQuery query) {
        TransactionReport report = transactions(ctx, card, resourceId, query);
        if (query.delta() != null || query.page() == 0 || !Transaction.BOOKED.equals(query.bookingStatus())) {
            return report;
        }
        BigDecimal before = transactions.bookedAmountsOfFirst(report.account().id, query.dateFrom(), query.dateTo(),
                        query.page() * query.size()).stream().map(BigDecimal::new)
                .reduce(BigDecimal.ZERO, BigDecimal::add);
        return report.withBookedBefore(before);
    }

    /**
     * The report's total when its page tells it: a page not full, and not empty past the first, is the last one, so
     * the entries before it and on it are all there are. Most accounts' reports fit one page, and an aggregator reads
     * each of them: one count query fewer per read.
     */
    static Optional<Long> totalAfter(List<Transaction> page, TransactionQuery query) {
        boolean last = page.size() < query.size() && (!page.isEmpty() || query.page() == 0);
        return last ? Optional.of((long) query.page() * query.size() + page.size()) : Optional.empty();
    }

    /**
     * A payment account's standing orders (bookingStatus=information), covered as its transactions are. Read live
     * from the bank after the consent lookup (no transaction or connection held): they are the bank's current orders,
     * not a history the store keeps; a bank that cannot be reached is ServiceUnavailable.
     */
    public StandingOrderReport standingOrders(CallContext ctx, String resourceId, TransactionQuery query) {
        WithCoverage own = ownAccount(ctx, false, resourceId);
        Checked checked = checkedCover(ctx, own, "transactions");
        if (!checked.coverage().transactions) {
            throw new Psd2Exception(ErrorClass.CONSENT_INVALID,
                    "The consent does not cover the transactions of account " + resourceId);
        }
        List<BankStandingOrder> orders = bank.standingOrders(ctx.providerCode(), checked.aspspConsentId(),
                own.account().bankAccountId);
        List<Balance> balanceList = query.withBalance() && checked.coverage().balances ? balancesOf(own) : null;
        return new StandingOrderReport(own.account(), orders, balanceList);
    }

    /**
     * A report's download ({@link ReportDownloads}): the whole plain report on one page, with the balances when the
     * consent covers them. A download id that leads nowhere is ResourceUnknown before the consent lookup (it never
     * counts an access); one the lookup refuses is not used up.
     */
    public TransactionReport download(CallContext ctx, String resourceId, String downloadId) {
        WithCoverage own = ownAccount(ctx, false, resourceId);
        Account account = own.account();
        downloads.check(ctx, account, downloadId);
        ConsentAccount covered = transactionsCovered(ctx, own, resourceId);
        TransactionQuery query = downloads.take(ctx, account, downloadId);
        List<Transaction> all = transactions.page(account.id, query.statuses(), query.dateFrom(), query.dateTo(), 0,
                query.size());
        return new TransactionReport(account, query, all, all.size(), covered.balances ? balancesOf(own) : null);
    }

    /**
     * An unknown transaction of the TPP's own account is ResourceUnknown before the consent lookup, as an unknown
     * account is: a bad id never counts an unattended access.
     */
    public AccountTransaction transaction(CallContext ctx, String resourceId, String transactionId) {
        WithCoverage own = ownAccount(ctx, false, resourceId);
        Account account = own.account();
        Transaction transaction = transactions.find(account.id, transactionId).orElseThrow(() -> new Psd2Exception(
                ErrorClass.RESOURCE_UNKNOWN, "Unknown transaction '" + transactionId + "' of account " + resourceId));
        transactionsCovered(ctx, own, resourceId);
        return new AccountTransaction(account, transaction);
    }

    private ConsentAccount transactionsCovered(CallContext ctx, WithCoverage own, String resourceId) {
        ConsentAccount covered = checkCovered(ctx, own, "transactions");
        if (!covered.transactions) {
            throw new Psd2Exception(ErrorClass.CONSENT_INVALID,
                    "The consent does not cover the transactions of account " + resourceId);
        }
        return covered;
    }

    /**
     * Another TPP's account, one under another provider, or one of the other kind (card or payment account) is
     * exactly as unknown as one that never existed.
     */
    private WithCoverage ownAccount(CallContext ctx, boolean card, String resourceId) {
        return accounts.findWithCoverage(ctx.providerCode(), ctx.tppId(), resourceId, ctx.consentId())
                .filter(own -> own.account().card == card)
                .orElseThrow(() -> new Psd2Exception(ErrorClass.RESOURCE_UNKNOWN, "Unknown "
                        + (card ? "card account '" : "account '") + resourceId + "'"));
    }

    /**
     * The lookup first (its consent errors come before ours), then the consent's cover of the account: already read
     * with the account when the consent's data is in the store (a fetch writes the cover), else after fetching it.
     */
    private ConsentAccount checkCovered(CallContext ctx, WithCoverage own, String resource) {
        return checkedCover(ctx, own, resource).coverage();
    }

    /** The consent's cover of an account, and the bank's consent id the lookup answered with it. */
    private record Checked(ConsentAccount coverage, String aspspConsentId) {
    }

    private Checked checkedCover(CallContext ctx, WithCoverage own, String resource) {
        Account account = own.account();
        Map<String, String> reference = account.reference();
        if (own.coverage() != null) {
            return new Checked(own.coverage(), check(ctx, resource, reference).aspspConsentId());
        }
        ConsentCheckResult check = checkAndFetch(ctx, resource, reference);
        return new Checked(coverage.find(ctx.providerCode(), ctx.tppId(), ctx.consentId(), account.id).orElseThrow(
                () -> new Psd2Exception(ErrorClass.CONSENT_INVALID,
                        "The consent does not cover account " + account.resourceId)), check.aspspConsentId());
    }

    /** The balances read with the account are current unless the consent's data was fetched only now. */
    private List<Balance> balancesOf(WithCoverage own) {
        return own.coverage() != null ? own.balances() : balances.ofAccount(own.account().id);
    }

    private ConsentCheckResult check(CallContext ctx, String resource, Map<String, String> account) {
        return check(ctx, resource, account, ctx.psuPresent());
    }

    /** @param uncounted sent as psuPresent, which is what makes consent-service leave the access uncounted */
    private ConsentCheckResult check(CallContext ctx, String resource, Map<String, String> account, boolean uncounted) {
        return lookup.check(new ConsentCheckRequest(ctx.providerCode(), ctx.tppId(), ctx.consentId(), AIS, resource,
                account, uncounted));
    }

    private boolean fetched(CallContext ctx) {
        return snapshots.find(ctx.providerCode(), ctx.tppId(), ctx.consentId()).isPresent();
    }

    /**
     * The first read under a consent: the lookup, the fetch from the bank, and only then the unattended access
     * counted. A bank that fails the fetch (503) thus costs the TPP none of its frequencyPerDay.
     */
    private ConsentCheckResult checkAndFetch(CallContext ctx, String resource, Map<String, String> account) {
        ConsentCheckResult check = check(ctx, resource, account, true);
        ensureFetched(ctx, check);
        return ctx.psuPresent() ? check : check(ctx, resource, account);
    }

    /** Fetches the consent's data from the bank unless it is in the store (bounded by the provider's timeouts). */
    private void ensureFetched(CallContext ctx, ConsentCheckResult check) {
        if (fetched(ctx)) {
            return;
        }
        fetcher.fetchAll(ctx.providerCode(), ctx.tppId(), ctx.consentId(), check.aspspConsentId());
    }

    private AccountView view(Account account, ConsentAccount covered, boolean withBalance, boolean linked) {
        boolean showBalances = withBalance && covered != null && covered.balances;
        return new AccountView(account, covered, showBalances ? balances.ofAccount(account.id) : null, linked);
    }

    /** A consent to the list of accounts (with or without balances) and to nothing behind it. */
    private static boolean listOnly(ConsentCheckResult check) {
        return check.access() != null
                && (check.access().hasNonNull("availableAccounts") || check.access().hasNonNull("availableAccountsWithBalance"));
    }
}
