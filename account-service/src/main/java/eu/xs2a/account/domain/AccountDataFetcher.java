package eu.xs2a.account.domain;

import eu.xs2a.account.aspsp.BankAccount;
import eu.xs2a.account.aspsp.BankPort;
import eu.xs2a.account.aspsp.BankTransaction;
import eu.xs2a.account.aspsp.BankTransactionPage;
import eu.xs2a.account.config.AccountDataConfig;
import eu.xs2a.account.domain.AccountDataWriter.AccountData;
import eu.xs2a.account.domain.AccountDataWriter.AccountToFetch;
import eu.xs2a.platform.provider.ProviderCalendar;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.jboss.logging.Logger;

/**
 * Reads a consent's data from the bank: the accounts, then each account's balances and transactions. It calls the
 * bank only, never the store, so that no transaction or connection is open during a bank call; the results are
 * stored by {@link AccountDataWriter}, each in a short transaction of its own. The first read under a consent
 * fetches everything at once ({@link #fetchAll}); a refresh runs the same steps as tasks ({@link RefreshListing},
 * {@link RefreshAccountStep}).
 */
@ApplicationScoped
public class AccountDataFetcher {

    private static final Logger LOG = Logger.getLogger(AccountDataFetcher.class);

    @Inject BankPort bank;
    @Inject AccountDataWriter writer;
    @Inject AccountDataConfig config;
    @Inject ProviderCalendar calendar;

    /**
     * Fetches and stores everything the consent covers, then marks the consent fetched. The first bank failure is
     * thrown, and then the consent is not marked fetched (a later read fetches again).
     */
    public void fetchAll(String providerCode, String tppId, String consentId, String aspspConsentId) {
        List<AccountToFetch> toFetch = writer.storeAccounts(providerCode, tppId, consentId,
                accounts(providerCode, aspspConsentId));
        for (AccountToFetch account : toFetch) {
            writer.storeAccountData(providerCode, account.accountId(), read(providerCode, aspspConsentId, account));
        }
        writer.markFetched(providerCode, tppId, consentId, aspspConsentId);
    }

    /** The accounts the bank lists under its consent: its payment accounts, then its card accounts. */
    public List<BankAccount> accounts(String providerCode, String aspspConsentId) {
        List<BankAccount> all = new ArrayList<>(bank.accounts(providerCode, aspspConsentId));
        all.addAll(bank.cardAccounts(providerCode, aspspConsentId));
        return all;
    }

    /**
     * One account's balances and the transactions of the last {@code history-days}, as far as the consent allows
     * them: at most one balances call and {@code max-bank-pages} transaction pages, each bounded by the provider's
     * timeouts.
     */
    public AccountData read(String providerCode, String aspspConsentId, AccountToFetch account) {
        var balances = account.balances()
                ? bank.balances(providerCode, aspspConsentId, account.bankAccountId(), account.card()) : null;
        if (!account.transactions()) {
            return new AccountData(balances, null);
        }
        // up to today at the bank: the same day a report's default dateTo is, so a fresh fetch covers it
        LocalDate to = calendar.today(providerCode);
        LocalDate from = to.minusDays(config.historyDays());
        List<BankTransaction> all = new ArrayList<>();
        int page = 0;
        int totalPages;
        do {
            BankTransactionPage result = bank.transactions(providerCode, aspspConsentId, account.bankAccountId(),
                    account.card(), from, to, page, config.bankPageSize());
            if (result.transactions() != null) {
                all.addAll(result.transactions());
            }
            totalPages = result.totalPages();
            page++;
        } while (page < totalPages && page < config.maxBankPages());
        if (page < totalPages) {
            LOG.warnf("account %s: the bank has %d pages of transactions; only the first %d are fetched"
                    + " (psd2.account-data.max-bank-pages)", account.accountId(), totalPages, page);
        }
        return new AccountData(balances, all);
    }
}
