package eu.xs2a.sandbox.domain;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;
import java.io.Serializable;

/** One account covered by an approved consent, and which data of it the PSU granted. */
@Entity
@Table(name = "consent_account")
@IdClass(ConsentAccount.Key.class)
public class ConsentAccount {

    @Id
    public String consentId;

    @Id
    public String accountId;

    public boolean balances;
    public boolean transactions;

    /** Whether the account's owner name is delivered under this consent (an explicit consent to it, Berlin Group). */
    public boolean ownerName;

    public static ConsentAccount of(String consentId, String accountId, boolean balances, boolean transactions,
                                    boolean ownerName) {
        ConsentAccount row = new ConsentAccount();
        row.consentId = consentId;
        row.accountId = accountId;
        row.balances = balances;
        row.transactions = transactions;
        row.ownerName = ownerName;
        return row;
    }

    /** The composite key; a record, so equality is by both parts (Jakarta Persistence 3.2 allows records here). */
    public record Key(String consentId, String accountId) implements Serializable {
    }
}
