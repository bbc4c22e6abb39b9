package eu.xs2a.account.domain;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
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
public class ConsentAccount extends PanacheEntityBase {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(name = "provider_code")
    public String providerCode;

    @Column(name = "tpp_id")
    public String tppId;

    @Column(name = "consent_id")
    public String consentId;

    @Column(name = "account_id")
    public UUID accountId;

    public boolean balances;
    public boolean transactions;

    /** The consent asked for the owner's name of this account and the bank granted it (Berlin Group ownerName). */
    @Column(name = "owner_name")
    public boolean ownerName;
}
