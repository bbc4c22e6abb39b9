package eu.xs2a.account.domain;

import eu.xs2a.account.aspsp.BankAccount;
import eu.xs2a.account.aspsp.BankPort;
import eu.xs2a.account.aspsp.BankTransaction;
import eu.xs2a.account.aspsp.BankTransactionPage;
import eu.xs2a.account.config.AccountDataConfig;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.provider.ProviderCalendar;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.jboss.logging.Logger;

/**
 * Fetches everything a consent covers from the bank (accounts, then each account's balances and transactions) and
 * stores it. Used for the first read under a consent (fail fast: any bank failure is the caller's error) and by the
 * refresh worker (per-account failures are counted: partiallyFailed).
 */
@ApplicationScoped
public class AccountDataFetcher {

    private static final Logger LOG = Logger.getLogger(AccountDataFetcher.class);
    /** A bank that keeps answering "more pages" must not keep a worker forever. */
    private static final int MAX_BANK_PAGES = 1000;

    /** Called between accounts and between bank pages; a refresh job throws from it when its lease was taken over. */
    public interface Heartbeat {
        void beat();
    }

    private final BankPort bank;
    private final AccountDataWriter writer;
    private final AccountDataConfig config;
    private final ProviderCalendar calendar;

    public AccountDataFetcher(BankPort bank, AccountDataWriter writer, AccountDataConfig config,
                              ProviderCalendar calendar) {
        this.bank = bank;
        this.writer = writer;
        this.config = config;
        this.calendar = calendar;
    }

    /**
     * @param failFast true: the first bank failure is thrown (nothing is marked fetched); false: the account list
     *                 failing is thrown, failures of single accounts are counted in the outcome
     */
    public FetchOutcome fetch(String providerCode, String tppId, String consentId,
                              String aspspConsentId, boolean failFast, Heartbeat heartbeat) {
        List<BankAccount> bankAccounts = bank.accounts(providerCode, aspspConsentId);
        List<AccountDataWriter.AccountToFetch> toFetch =
                writer.storeAccounts(providerCode, tppId, consentId, bankAccounts);
        heartbeat.beat();
        int failed = 0;
        for (AccountDataWriter.AccountToFetch account : toFetch) {
            try {
                fetchAccount(providerCode, aspspConsentId, account, heartbeat);
            } catch (Psd2Exception e) {
                if (failFast) {
                    throw e;
                }
                failed++;
                LOG.warnf("refresh of consent %s: account %s failed: %s", consentId, account.accountId(),
                        e.getMessage());
            }
            heartbeat.beat();
        }
        FetchOutcome outcome = new FetchOutcome(false, toFetch.size(), failed);
        if (outcome.refreshStatus() != RefreshStatus.fetchingFailed) {
            writer.markFetched(providerCode, tppId, consentId, aspspConsentId);
        }
        return outcome;
    }

    private void fetchAccount(String providerCode, String aspspConsentId,
                              AccountDataWriter.AccountToFetch account, Heartbeat heartbeat) {
        if (account.balances()) {
            writer.storeBalances(account.accountId(), bank.balances(providerCode, aspspConsentId, account.bankAccountId()));
        }
        if (account.transactions()) {
            // up to today at the bank: the same day a report's default dateTo is, so a fresh fetch covers it
            LocalDate to = calendar.today(providerCode);
            LocalDate from = to.minusDays(config.historyDays());
            List<BankTransaction> all = new ArrayList<>();
            int page = 0;
            int totalPages;
            do {
                BankTransactionPage result = bank.transactions(providerCode, aspspConsentId, account.bankAccountId(),
                        from, to, page, config.bankPageSize());
                if (result.transactions() != null) {
                    all.addAll(result.transactions());
                }
                totalPages = result.totalPages();
                page++;
                heartbeat.beat(); // an account with a long history can outlast one lease
            } while (page < totalPages && page < MAX_BANK_PAGES);
            writer.storeTransactions(providerCode, account.accountId(), all);
        }
    }
}
