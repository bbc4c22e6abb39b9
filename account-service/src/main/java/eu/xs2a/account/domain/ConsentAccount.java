package eu.xs2a.account.domain;

import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.util.UUID;

/**
 * An account a consent covers, and whether it covers its balances and transactions and shows its owner's name (as
 * the bank answered).
 */
@Entity
@Table(name = "consent_account")
public class ConsentAccount extends ConsentScoped {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    public UUID accountId;

    public boolean balances;
    public boolean transactions;

    /** The consent asked for the owner's name of this account and the bank granted it (Berlin Group ownerName). */
    public boolean ownerName;
}
