package eu.xs2a.sandbox.domain;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;

/** One balance of an account, of one of the Berlin Group balance types. */
@Entity
@Table(name = "balance")
@IdClass(Balance.Key.class)
public class Balance {

    public static final String CLOSING_BOOKED = "closingBooked";
    public static final String INTERIM_AVAILABLE = "interimAvailable";
    public static final String EXPECTED = "expected";
    public static final String INTERIM_BOOKED = "interimBooked";
    public static final String FORWARD_AVAILABLE = "forwardAvailable";
    /** Card accounts: booked card transactions not yet invoiced. */
    public static final String NON_INVOICED = "nonInvoiced";

    @Id
    public String accountId;

    @Id
    public String balanceType;

    @Column(precision = 18, scale = 2)
    public BigDecimal amount;

    public LocalDate referenceDate;

    public Instant lastChange;

    /** Whether the account's credit limit is counted in (Berlin Group creditLimitIncluded); null: not said. */
    public Boolean creditLimitIncluded;

    public void add(BigDecimal delta, LocalDate today, Instant now) {
        amount = amount.add(delta);
        referenceDate = today;
        lastChange = now;
    }

    /** Balances of what is booked (closingBooked, interimBooked), as against what is available or expected. */
    public boolean isBooked() {
        return CLOSING_BOOKED.equals(balanceType) || INTERIM_BOOKED.equals(balanceType);
    }

    /** The composite key; a record, so equality is by both parts (Jakarta Persistence 3.2 allows records here). */
    public record Key(String accountId, String balanceType) implements Serializable {
    }
}
