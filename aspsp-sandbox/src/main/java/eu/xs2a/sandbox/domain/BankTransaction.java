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

    @Column(name = "transaction_id")
    public String transactionId;

    @Column(name = "account_id")
    public String accountId;

    @Column(name = "entry_reference")
    public String entryReference;

    @Column(name = "end_to_end_id")
    public String endToEndId;

    @Column(name = "booking_status")
    public String bookingStatus;

    @Column(name = "booking_date")
    public LocalDate bookingDate;

    @Column(name = "value_date")
    public LocalDate valueDate;

    @Column(precision = 18, scale = 2)
    public BigDecimal amount;

    public String currency;

    @Column(name = "creditor_name")
    public String creditorName;

    @Column(name = "creditor_iban")
    public String creditorIban;

    @Column(name = "debtor_name")
    public String debtorName;

    @Column(name = "debtor_iban")
    public String debtorIban;

    public String remittance;

    @Column(name = "bank_transaction_code")
    public String bankTransactionCode;

    // A card transaction's own fields (Berlin Group cardTransaction), null on other transactions.

    /** The day the card was used (the booking follows). */
    @Column(name = "transaction_date")
    public LocalDate transactionDate;

    @Column(name = "card_acceptor_id")
    public String cardAcceptorId;

    @Column(name = "card_acceptor_town")
    public String cardAcceptorTown;

    @Column(name = "card_acceptor_country")
    public String cardAcceptorCountry;

    @Column(name = "merchant_category_code")
    public String merchantCategoryCode;

    @Column(name = "masked_pan")
    public String maskedPan;

    /** Whether the transaction was on an invoice already (a card account's statement). */
    public Boolean invoiced;
}
