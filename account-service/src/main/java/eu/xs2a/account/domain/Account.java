package eu.xs2a.account.domain;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.UUID;

/**
 * One bank account as one TPP sees it under one provider. {@link #resourceId} is the TPP-facing id: random, so
 * it does not reveal the IBAN and differs between TPPs; the IBAN is only shown inside the answer body.
 */
@Entity
@Table(name = "bank_account")
public class Account extends PanacheEntityBase {

    @Id
    public UUID id;

    public String resourceId;

    public String providerCode;

    public String tppId;

    /** The IBAN, else "bank:" + the bank's account id: what makes the account the same one on the next fetch. */
    public String accountKey;

    public String bankAccountId;

    public String iban;
    public String bban;
    public String bic;
    public String currency;
    public String name;
    public String product;

    public String cashAccountType;

    public String status;

    public String ownerName;

    public String usage;

    public String corporateId;

    public Instant updatedAt;

    /** A card account (Berlin Group /v1/card-accounts): no IBAN or BBAN, its masked PAN and credit limit instead. */
    public boolean card;

    public String maskedPan;

    public String creditLimitAmount;

    public String creditLimitCurrency;

    /** A card account's identity across the TPP's consents: the bank's id (its masked PAN need not be unique). */
    public static String cardKeyOf(String bankAccountId) {
        return "card:" + bankAccountId;
    }

    /** How the consent lookup names the account: a card account's masked PAN, else its IBAN, else its BBAN. */
    public java.util.Map<String, String> reference() {
        if (card) {
            return java.util.Map.of("maskedPan", maskedPan);
        }
        return iban != null ? java.util.Map.of("iban", iban) : java.util.Map.of("bban", bban);
    }

    /**
     * The account's identity across the TPP's consents: its IBAN and currency (the bank's own ids may differ per
     * consent), else the bank's id. The currency belongs to it because a multi-currency account is listed as one
     * account per currency under the same IBAN (Berlin Group 1.3.6), each with its own balances and transactions.
     */
    public static String keyOf(String iban, String currency, String bankAccountId) {
        return iban != null && !iban.isBlank() ? iban.replace(" ", "").toUpperCase() + ":" + currency
                : "bank:" + bankAccountId;
    }
}
