package eu.xs2a.account.domain;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.time.LocalDate;
import java.util.UUID;

/** A balance of an account as last fetched from the bank (replaced as a whole on each fetch). */
@Entity
@Table(name = "account_balance")
public class Balance extends PanacheEntityBase {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    public UUID accountId;

    public String balanceType;

    public String amount;
    public String currency;

    public LocalDate referenceDate;

    public Instant lastChangeDateTime;

    /** Whether the account's credit limit is counted in, as the bank said (null: not said). */
    public Boolean creditLimitIncluded;
}
