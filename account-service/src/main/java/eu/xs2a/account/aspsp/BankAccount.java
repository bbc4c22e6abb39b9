package eu.xs2a.account.aspsp;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/** An account as the bank lists it under a consent, with what the consent allows on it. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record BankAccount(String bankAccountId, String iban, String bban, String bic, String currency, String name,
                          String product, String cashAccountType, String status, String ownerName, String usage,
                          String corporateId, Access access) {

    @JsonIgnoreProperties(ignoreUnknown = true)
    /** ownerName: the bank delivers the owner's name under this consent (it leaves ownerName out otherwise). */
    public record Access(boolean balances, boolean transactions, boolean ownerName) {
    }
}
