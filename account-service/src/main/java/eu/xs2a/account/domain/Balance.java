package eu.xs2a.account.domain;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
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

    @Column(name = "account_id")
    public UUID accountId;

    @Column(name = "balance_type")
    public String balanceType;

    public String amount;
    public String currency;

    @Column(name = "reference_date")
    public LocalDate referenceDate;

    @Column(name = "last_change_date_time")
    public Instant lastChangeDateTime;

    /** Whether the account's credit limit is counted in, as the bank said (null: not said). */
    @Column(name = "credit_limit_included")
    public Boolean creditLimitIncluded;
}
