package eu.xs2a.sandbox.domain;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.math.BigDecimal;
import java.time.LocalDate;

/** A booked or pending entry on an account; the amount is signed (negative = money out). */
@Entity
@Table(name = "bank_transaction")
public class BankTransaction {

    public static final String BOOKED = "booked";
    public static final String PENDING = "pending";

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    public String transactionId;

    public String accountId;

    public String entryReference;

    public String endToEndId;

    public String bookingStatus;

    public LocalDate bookingDate;

    public LocalDate valueDate;

    @Column(precision = 18, scale = 2)
    public BigDecimal amount;

    public String currency;

    public String creditorName;

    public String creditorIban;

    public String debtorName;

    public String debtorIban;

    public String remittance;

    public String bankTransactionCode;

    // A card transaction's own fields (Berlin Group cardTransaction), null on other transactions.

    /** The day the card was used (the booking follows). */
    public LocalDate transactionDate;

    public String cardAcceptorId;

    public String cardAcceptorTown;

    public String cardAcceptorCountry;

    public String merchantCategoryCode;

    public String maskedPan;

    /** Whether the transaction was on an invoice already (a card account's statement). */
    public Boolean invoiced;
}
