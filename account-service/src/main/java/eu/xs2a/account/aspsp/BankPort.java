package eu.xs2a.account.aspsp;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;

/**
 * The bank as account-service needs it: account data under a bank-side consent, and live funds checks.
 * Failures are {@link eu.xs2a.platform.error.Psd2Exception}s: bank unreachable or too slow → ServiceUnavailable
 * (with Retry-After), bank refused → ServiceInvalid (ConsentInvalid when the bank no longer honours the consent).
 * The provider is named by its code in the provider registry, which holds its bank URL, timeouts and credential.
 */
public interface BankPort {

    /** The payment accounts the bank lists under its consent. */
    List<BankAccount> accounts(String providerCode, String aspspConsentId);

    /** The card accounts the bank lists under its consent, each {@link BankAccount#card()}. */
    List<BankAccount> cardAccounts(String providerCode, String aspspConsentId);

    /** @param card the account is a card account (the bank's /card-accounts) */
    List<BankBalance> balances(String providerCode, String aspspConsentId, String bankAccountId, boolean card);

    /** One page (0-based) of booked and pending transactions between the two dates (inclusive). */
    BankTransactionPage transactions(String providerCode, String aspspConsentId, String bankAccountId, boolean card,
                                     LocalDate from, LocalDate to, int page, int size);

    /** The standing orders the bank runs from a payment account (covered as its transactions are). */
    List<BankStandingOrder> standingOrders(String providerCode, String aspspConsentId, String bankAccountId);

    boolean fundsAvailable(String providerCode, Map<String, String> account, BankAmount amount);
}
