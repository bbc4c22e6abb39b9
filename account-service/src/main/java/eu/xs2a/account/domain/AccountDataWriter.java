package eu.xs2a.account.domain;

import eu.xs2a.account.aspsp.BankAccount;
import eu.xs2a.account.aspsp.BankBalance;
import eu.xs2a.account.aspsp.BankTransaction;
import eu.xs2a.account.persistence.AccountRepository;
import eu.xs2a.account.persistence.BalanceRepository;
import eu.xs2a.account.persistence.ConsentAccountRepository;
import eu.xs2a.account.persistence.ConsentSnapshotRepository;
import eu.xs2a.account.persistence.TransactionRepository;
import eu.xs2a.platform.provider.ProviderCalendar;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.jboss.logging.Logger;

/** Writes what the bank answered into the store, each step in its own short transaction (never around a bank call). */
@ApplicationScoped
public class AccountDataWriter {

    private static final Logger LOG = Logger.getLogger(AccountDataWriter.class);

    /**
     * An account of the consent still to be fetched: where to ask the bank (its id; {@code card}: under the bank's
     * /card-accounts) and what the consent allows.
     */
    public record AccountToFetch(UUID accountId, String bankAccountId, boolean balances, boolean transactions,
                                 boolean card) {
    }

    /** What the bank answered for one account: balances and transactions, each null when the consent has none. */
    public record AccountData(List<BankBalance> balances, List<BankTransaction> transactions) {
    }

    @Inject AccountRepository accounts;
    @Inject ConsentAccountRepository links;
    @Inject ConsentSnapshotRepository snapshots;
    @Inject BalanceRepository balances;
    @Inject TransactionRepository transactions;
    @Inject Clock clock;
    @Inject ProviderCalendar calendar;

    @Transactional
    public List<AccountToFetch> storeAccounts(String providerCode, String tppId, String consentId,
                                              List<BankAccount> bankAccounts) {
        // first reads of one TPP's consents at once (over several instances) would otherwise lock the same account
        // rows and the consent's links in different orders and deadlock: they take turns, per TPP and provider
        accounts.lockTppAccounts(providerCode, tppId);
        Instant now = clock.instant();
        List<AccountToFetch> toFetch = new ArrayList<>();
        List<ConsentAccount> covered = new ArrayList<>();
        Set<UUID> seen = new HashSet<>();
        for (BankAccount b : bankAccounts) {
            if (b.card() ? blank(b.maskedPan()) : blank(b.iban()) && blank(b.bban())) {
                // consent-service checks an account by its IBAN or BBAN (a card account by its masked PAN): one
                // with none of them could never be read
                LOG.warnf("consent %s: the bank listed account %s with neither IBAN nor BBAN (nor, for a card"
                        + " account, its masked PAN); it is left out", consentId, b.bankAccountId());
                continue;
            }
            String key = b.card() ? Account.cardKeyOf(b.bankAccountId())
                    : Account.keyOf(b.iban(), b.currency(), b.bankAccountId());
            Account account = accounts.findOrCreate(providerCode, tppId, key, b.bankAccountId(), b.currency(), now);
            if (!seen.add(account.id)) {
                continue;
            }
            account.bankAccountId = b.bankAccountId();
            account.iban = b.iban();
            account.bban = b.bban();
            account.bic = b.bic();
            account.currency = b.currency();
            account.name = b.name();
            account.product = b.product();
            account.cashAccountType = b.cashAccountType();
            account.status = b.status();
            if (b.ownerName() != null) {
                // the same account under another of the TPP's consents may not have the name granted: keep it
                account.ownerName = b.ownerName();
            }
            account.usage = b.usage();
            account.corporateId = b.corporateId();
            account.card = b.card();
            account.maskedPan = b.maskedPan();
            account.creditLimitAmount = b.creditLimit() == null ? null : b.creditLimit().amount();
            account.creditLimitCurrency = b.creditLimit() == null ? null : b.creditLimit().currency();
            account.updatedAt = now;
            boolean balancesAllowed = b.access() != null && b.access().balances();
            boolean transactionsAllowed = b.access() != null && b.access().transactions();
            ConsentAccount link = new ConsentAccount();
            link.providerCode = providerCode;
            link.tppId = tppId;
            link.consentId = consentId;
            link.accountId = account.id;
            link.balances = balancesAllowed;
            link.transactions = transactionsAllowed;
            link.ownerName = b.access() != null && b.access().ownerName() && b.ownerName() != null;
            covered.add(link);
            toFetch.add(new AccountToFetch(account.id, b.bankAccountId(), balancesAllowed, transactionsAllowed,
                    b.card()));
        }
        links.replace(providerCode, tppId, consentId, covered);
        return toFetch;
    }

    /**
     * One account's balances (replaced) and transactions, in one transaction. The account's row is locked first, so
     * that two fetches of the same account at once (a read and a refresh, or a refresh step run again after its
     * worker was taken for dead) write one after the other: each replaces the balances whole, never both half.
     */
    @Transactional
    public void storeAccountData(String providerCode, UUID accountId, AccountData data) {
        accounts.lock(accountId);
        if (data.balances() != null) {
            storeBalances(accountId, data.balances());
        }
        if (data.transactions() != null) {
            storeTransactions(providerCode, accountId, data.transactions());
        }
    }

    private void storeBalances(UUID accountId, List<BankBalance> bankBalances) {
        List<Balance> rows = new ArrayList<>();
        for (BankBalance b : bankBalances) {
            Balance row = new Balance();
            row.accountId = accountId;
            row.balanceType = b.balanceType();
            row.amount = b.balanceAmount().amount();
            row.currency = b.balanceAmount().currency();
            row.referenceDate = b.referenceDate();
            row.lastChangeDateTime = b.lastChangeDateTime() == null ? null : b.lastChangeDateTime().toInstant();
            row.creditLimitIncluded = b.creditLimitIncluded();
            rows.add(row);
        }
        balances.replace(accountId, rows);
    }

    /**
     * All transactions of the fetched period: upserted on the bank's id; pending ones no longer listed removed. A
     * transaction the bank gives neither a booking nor a value date is entered on today at the provider's bank.
     */
    private void storeTransactions(String providerCode, UUID accountId, List<BankTransaction> fetched) {
        Set<String> pendingNow = new HashSet<>();
        List<Transaction> rows = new ArrayList<>();
        for (BankTransaction b : fetched) {
            Transaction t = new Transaction();
            t.accountId = accountId;
            t.transactionId = b.transactionId();
            t.bookingStatus = Transaction.PENDING.equals(b.bookingStatus()) ? Transaction.PENDING : Transaction.BOOKED;
            t.bookingDate = b.bookingDate();
            t.valueDate = b.valueDate();
            t.entryDate = b.bookingDate() != null ? b.bookingDate() : b.valueDate();
            if (t.entryDate == null) {
                t.entryDate = calendar.today(providerCode);
            }
            t.amount = b.transactionAmount().amount();
            t.currency = b.transactionAmount().currency();
            t.entryReference = b.entryReference();
            t.endToEndId = b.endToEndId();
            t.creditorName = b.creditorName();
            t.creditorAccount = nonEmpty(b.creditorAccount());
            t.debtorName = b.debtorName();
            t.debtorAccount = nonEmpty(b.debtorAccount());
            t.remittanceInformation = b.transactionDetails() != null ? b.transactionDetails()
                    : b.remittanceInformationUnstructured();
            t.bankTransactionCode = b.bankTransactionCode();
            t.transactionDate = b.transactionDate();
            t.cardAcceptorId = b.cardAcceptorId();
            t.cardAcceptorAddress = nonEmpty(b.cardAcceptorAddress());
            t.merchantCategoryCode = b.merchantCategoryCode();
            t.maskedPan = b.maskedPan();
            t.invoiced = b.invoiced();
            rows.add(t);
            if (Transaction.PENDING.equals(t.bookingStatus)) {
                pendingNow.add(t.transactionId);
            }
        }
        transactions.upsertAll(accountId, rows);
        transactions.removePendingExcept(accountId, pendingNow);
    }

    @Transactional
    public void markFetched(String providerCode, String tppId, String consentId, String aspspConsentId) {
        snapshots.markFetched(providerCode, tppId, consentId, aspspConsentId, clock.instant());
    }

    private static boolean blank(String value) {
        return value == null || value.isBlank();
    }

    /** An account reference or address the bank sent, or null when it sent none (an empty one included). */
    private static Map<String, String> nonEmpty(Map<String, String> value) {
        return value == null || value.isEmpty() ? null : value;
    }
}
