package eu.xs2a.account.domain;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.LocalDate;
import java.util.Map;
import java.util.UUID;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/**
 * A booked or pending transaction of an account, unique on the bank's transaction id per account. {@link #entryDate}
 * is the date the date filters use: the booking date, or for a pending transaction without one its value date.
 */
@Entity
@Table(name = "account_transaction")
public class Transaction extends PanacheEntityBase {

    public static final String BOOKED = "booked";
    public static final String PENDING = "pending";

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    public UUID accountId;

    public String transactionId;

    public String bookingStatus;

    public LocalDate entryDate;

    public LocalDate bookingDate;

    public LocalDate valueDate;

    public String amount;
    public String currency;

    /** The bank's own entry reference: kept, not shown (the TPP sees {@link #bookedSeq} instead). */
    public String entryReference;

    /**
     * The gateway's number of a booked entry, strictly increasing per account in the order entries were first stored
     * as booked: the TPP's entryReference, which entryReferenceFrom and deltaList read after. Null while pending.
     */
    public Long bookedSeq;

    public String endToEndId;

    public String creditorName;

    /** The creditor's account reference as the bank sent it, stored as JSON (jsonb). */
    @JdbcTypeCode(SqlTypes.JSON)
    public Map<String, String> creditorAccount;

    public String debtorName;

    @JdbcTypeCode(SqlTypes.JSON)
    public Map<String, String> debtorAccount;

    public String remittanceInformation;

    public String bankTransactionCode;

    // A card transaction's own fields (Berlin Group cardTransaction; its transactionDetails is remittanceInformation)

    /** The day the card was used. */
    public LocalDate transactionDate;

    public String cardAcceptorId;

    /** The acceptor's address as the bank sent it (Berlin Group address), stored as JSON (jsonb). */
    @JdbcTypeCode(SqlTypes.JSON)
    public Map<String, String> cardAcceptorAddress;

    public String merchantCategoryCode;

    public String maskedPan;

    public Boolean invoiced;

    /** The entryReference the TPP sees: the gateway's number of a booked entry, none for a pending one. */
    public String shownEntryReference() {
        return bookedSeq == null ? null : bookedSeq.toString();
    }

    /** A listing fetched again: this stored row takes every value the bank now gives, under its unchanged key. */
    public void takeValuesOf(Transaction fetched) {
        bookingStatus = fetched.bookingStatus;
        entryDate = fetched.entryDate;
        bookingDate = fetched.bookingDate;
        valueDate = fetched.valueDate;
        amount = fetched.amount;
        currency = fetched.currency;
        entryReference = fetched.entryReference;
        endToEndId = fetched.endToEndId;
        creditorName = fetched.creditorName;
        creditorAccount = fetched.creditorAccount;
        debtorName = fetched.debtorName;
        debtorAccount = fetched.debtorAccount;
        remittanceInformation = fetched.remittanceInformation;
        bankTransactionCode = fetched.bankTransactionCode;
        transactionDate = fetched.transactionDate;
        cardAcceptorId = fetched.cardAcceptorId;
        cardAcceptorAddress = fetched.cardAcceptorAddress;
        merchantCategoryCode = fetched.merchantCategoryCode;
        maskedPan = fetched.maskedPan;
        invoiced = fetched.invoiced;
    }
}
