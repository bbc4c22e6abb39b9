package eu.xs2a.sandbox.domain;

import eu.xs2a.sandbox.persistence.AccountRepository;
import eu.xs2a.sandbox.persistence.BalanceRepository;
import eu.xs2a.sandbox.persistence.ConsentAccountRepository;
import eu.xs2a.sandbox.persistence.PaymentRepository;
import eu.xs2a.sandbox.persistence.TransactionRepository;
import io.quarkus.hibernate.orm.panache.PanacheQuery;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.LocalDate;
import java.util.List;

/** Account data under a bank consent: only what the PSU approved, only while the consent is valid. */
@ApplicationScoped
public class AccountDataService {

    /** Which data of an account a call wants. */
    public enum Data { BALANCES, TRANSACTIONS }

    /** The kind of account a call names: a payment account (/accounts) or a card account (/card-accounts). */
    public enum Kind { PAYMENT, CARD }

    /** An account and its balances. */
    public record AccountBalances(Account account, List<Balance> balances) {
    }

    /** One page of an account's transactions. */
    public record TransactionPage(List<BankTransaction> transactions, int page, int size, int totalPages, long totalElements) {
    }

    @Inject ConsentService consents;
    @Inject ConsentAccountRepository grants;
    @Inject AccountRepository accounts;
    @Inject BalanceRepository balances;
    @Inject TransactionRepository transactions;
    @Inject PaymentRepository payments;
    @Inject SlowPsus slow;
    @Inject Clock clock;

    /** The accounts of this kind the consent covers. */
    @Transactional
    public List<ConsentService.Covered> accounts(String bankConsentId, Kind kind) {
        return consents.view(usableAisConsent(bankConsentId)).covered().stream()
                .filter(c -> c.account().isCard() == (kind == Kind.CARD)).toList();
    }

    @Transactional
    public AccountBalances balances(String bankConsentId, Kind kind, String bankAccountId) {
        Account account = covered(usableAisConsent(bankConsentId), kind, bankAccountId, Data.BALANCES);
        return new AccountBalances(account, balances.ofAccount(account.id));
    }

    @Transactional
    public TransactionPage transactions(String bankConsentId, Kind kind, String bankAccountId, LocalDate from,
                                        LocalDate to, String bookingStatus, int page, int size) {
        Account account = covered(usableAisConsent(bankConsentId), kind, bankAccountId, Data.TRANSACTIONS);
        if (from != null && to != null && from.isAfter(to)) {
            throw BankException.badRequest("dateFrom " + from + " is after dateTo " + to);
        }
        String status = switch (bookingStatus == null ? "both" : bookingStatus) {
            case "booked" -> BankTransaction.BOOKED;
            case "pending" -> BankTransaction.PENDING;
            case "both" -> null;
            default -> throw BankException.badRequest("bookingStatus must be booked, pending or both, not " + bookingStatus);
        };
        PanacheQuery<BankTransaction> query = transactions.ofAccount(account.id,
                from == null ? LocalDate.of(1970, 1, 1) : from, to == null ? LocalDate.of(9999, 12, 31) : to, status, page, size);
        return new TransactionPage(query.list(), page, size, query.pageCount(), query.count());
    }

    /**
     * The standing orders the bank runs from a payment account (accepted, not yet ended), covered as its transactions
     * are: the account's standing orders are part of its transaction information.
     */
    @Transactional
    public List<Payment> standingOrders(String bankConsentId, String bankAccountId) {
        Account account = covered(usableAisConsent(bankConsentId), Kind.PAYMENT, bankAccountId, Data.TRANSACTIONS);
        return payments.runningStandingOrdersFrom(account.id);
    }

    private Consent usableAisConsent(String bankConsentId) {
        Consent consent = consents.require(bankConsentId);
        slow.delayAccountData(consent.psuId, consent.requestedPsuId);
        if (!Consent.AIS.equals(consent.type)) {
            throw BankException.refused("CONSENT_INVALID", "consent " + bankConsentId + " is a " + consent.type + " consent, not for account data");
        }
        if (!consent.usableOn(LocalDate.now(clock), clock.instant())) {
            String code = consent.status == ConsentStatus.expired ? "CONSENT_EXPIRED" : "CONSENT_INVALID";
            throw BankException.refused(code, "consent " + bankConsentId + " is " + consent.status);
        }
        return consent;
    }

    /** A card account under /accounts, or a payment account under /card-accounts, is as unknown as no account. */
    private Account covered(Consent consent, Kind kind, String bankAccountId, Data data) {
        Account account = accounts.findByIdOptional(bankAccountId)
                .filter(a -> a.isCard() == (kind == Kind.CARD))
                .orElseThrow(() -> BankException.notFound("ACCOUNT_UNKNOWN", "no account " + bankAccountId));
        ConsentAccount grant = grants.of(consent.id, account.id).orElseThrow(() -> BankException.refused(
                "CONSENT_INVALID", "consent " + consent.id + " does not cover account " + bankAccountId));
        if (data == Data.BALANCES && !grant.balances) {
            throw BankException.refused("CONSENT_INVALID", "consent " + consent.id + " does not cover the balances of " + bankAccountId);
        }
        if (data == Data.TRANSACTIONS && !grant.transactions) {
            throw BankException.refused("CONSENT_INVALID", "consent " + consent.id + " does not cover the transactions of " + bankAccountId);
        }
        return account;
    }
}
