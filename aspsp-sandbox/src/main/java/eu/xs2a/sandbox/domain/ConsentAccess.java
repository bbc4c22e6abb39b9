package eu.xs2a.sandbox.domain;

import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.List;

/**
 * What a consent asks for (AIS: access lists or the global flags; PIIS: one account). Stored as JSON, which Hibernate
 * maps with Jackson (hence registered for reflection, with its parts); rows written before a field existed read it
 * as null (not asked).
 */
@RegisterForReflection
public record ConsentAccess(List<AccountRef> accounts, List<AccountRef> balances, List<AccountRef> transactions,
                            String availableAccounts, String availableAccountsWithBalance, String allPsd2,
                            AdditionalInformation additionalInformation, AccountRef account, String cardNumber) {

    /** The value of availableAccounts, availableAccountsWithBalance and allPsd2 that includes the owner name. */
    public static final String WITH_OWNER_NAME = "allAccountsWithOwnerName";

    /**
     * The Berlin Group's additionalInformationAccess: {@code ownerName} lists the accounts whose owner name the TPP
     * asks for; an empty list means every account the consent covers, null means not asked.
     */
    public record AdditionalInformation(List<AccountRef> ownerName) {
    }

    /**
     * A bank-offered consent (Berlin Group): accounts, balances and transactions all given and empty, nothing else
     * asked; the PSU chooses the accounts and the access on the SCA page ({@link #chosen}).
     */
    public boolean bankOffered() {
        return accounts != null && accounts.isEmpty() && balances != null && balances.isEmpty()
                && transactions != null && transactions.isEmpty() && !allPsd2Requested()
                && !availableAccountsRequested() && !availableAccountsWithBalanceRequested()
                && !ownerNameListRequested() && account == null;
    }

    /** The access the PSU chose for a bank-offered consent: named accounts, as if the TPP had named them. */
    public static ConsentAccess chosen(List<AccountRef> accounts, List<AccountRef> balances,
                                       List<AccountRef> transactions) {
        return new ConsentAccess(List.copyOf(accounts), List.copyOf(balances), List.copyOf(transactions), null, null,
                null, null, null, null);
    }

    public List<AccountRef> accountsOrEmpty() {
        return accounts == null ? List.of() : accounts;
    }

    public List<AccountRef> balancesOrEmpty() {
        return balances == null ? List.of() : balances;
    }

    public List<AccountRef> transactionsOrEmpty() {
        return transactions == null ? List.of() : transactions;
    }

    /** Every explicitly named account reference (AIS lists, or the PIIS account). */
    public List<AccountRef> explicitRefs() {
        List<AccountRef> refs = new java.util.ArrayList<>(accountsOrEmpty());
        refs.addAll(balancesOrEmpty());
        refs.addAll(transactionsOrEmpty());
        if (account != null) {
            refs.add(account);
        }
        return refs;
    }

    public boolean allPsd2Requested() {
        return allPsd2 != null && !allPsd2.isBlank();
    }

    public boolean availableAccountsRequested() {
        return availableAccounts != null && !availableAccounts.isBlank();
    }

    public boolean availableAccountsWithBalanceRequested() {
        return availableAccountsWithBalance != null && !availableAccountsWithBalance.isBlank();
    }

    /** availableAccounts or availableAccountsWithBalance without any named account: the list of all accounts. */
    public boolean accountListRequested() {
        return (availableAccountsRequested() || availableAccountsWithBalanceRequested()) && explicitRefs().isEmpty();
    }

    /** Whether the TPP asked for owner names through additionalInformation.ownerName (empty or not). */
    public boolean ownerNameListRequested() {
        return additionalInformation != null && additionalInformation.ownerName() != null;
    }

    /** The references of additionalInformation.ownerName (empty when not asked or asked for every account). */
    public List<AccountRef> ownerNameRefs() {
        return ownerNameListRequested() ? additionalInformation.ownerName() : List.of();
    }

    /** Whether the owner name of every covered account is asked (a global flag with owner name, or an empty list). */
    public boolean ownerNameOfEveryAccountRequested() {
        return WITH_OWNER_NAME.equals(allPsd2) || WITH_OWNER_NAME.equals(availableAccounts)
                || WITH_OWNER_NAME.equals(availableAccountsWithBalance)
                || (ownerNameListRequested() && additionalInformation.ownerName().isEmpty());
    }

    /** Whether the consent asks for the owner name of this account. */
    public boolean ownerNameRequestedFor(Account account) {
        return ownerNameOfEveryAccountRequested() || ownerNameRefs().stream().anyMatch(account::matches);
    }

    /** Whether the consent asks for the owner name of the account this reference names (for pages). */
    public boolean ownerNameRequestedFor(AccountRef ref) {
        return ownerNameOfEveryAccountRequested() || ownerNameRefs().stream().anyMatch(ref::sameAccountAs);
    }
}
