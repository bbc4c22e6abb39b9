package eu.xs2a.sandbox.domain;

import java.util.List;

/** What a consent asks for (AIS: access lists or the global flags; PIIS: one account). Stored as JSON. */
public record ConsentAccess(List<AccountRef> accounts, List<AccountRef> balances, List<AccountRef> transactions,
                            String availableAccounts, String allPsd2, AccountRef account, String cardNumber) {

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
}
