package eu.xs2a.account.aspsp;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * An account as the bank lists it under a consent, with what the consent allows on it: a payment account (from the
 * bank's /accounts), or a card account (from its /card-accounts: {@code card}, with {@code maskedPan} and
 * {@code creditLimit} and no IBAN or BBAN).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@RegisterForReflection
public record BankAccount(String bankAccountId, String iban, String bban, String bic, String currency, String name,
                          String product, String cashAccountType, String status, String ownerName, String usage,
                          String corporateId, Access access, String maskedPan, BankAmount creditLimit,
                          boolean card) {

    /** This account as a card account (the bank's /card-accounts lists it). */
    public BankAccount asCard() {
        return new BankAccount(bankAccountId, null, null, bic, currency, name, product, cashAccountType, status,
                ownerName, usage, corporateId, access, maskedPan, creditLimit, true);
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    /** ownerName: the bank delivers the owner's name under this consent (it leaves ownerName out otherwise). */
    public record Access(boolean balances, boolean transactions, boolean ownerName) {
    }
}
