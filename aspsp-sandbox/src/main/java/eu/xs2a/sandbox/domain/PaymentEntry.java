package eu.xs2a.sandbox.domain;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.math.BigDecimal;

/**
 * One credit transfer of a bulk payment (BANK-API.md "Bulk payments"). Its status is its bulk's, except when the bank
 * rejected this entry alone ({@link #rejectedReason}): without batch booking each entry is executed on its own, and an
 * entry the debtor's funds cannot cover is rejected while the others are booked (the bulk then ends PART).
 */
@Entity
@Table(name = "payment_entry")
public class PaymentEntry {

    /** The entry's own bank reference (BP-uuid), that of its booked transactions. */
    @Id
    public String id;

    public String paymentId;

    public int position;

    public String creditorName;

    public String creditorIban;

    @Column(columnDefinition = "text")
    public String creditorAddress;

    public String creditorAgent;

    public String creditorAgentName;

    @Column(precision = 18, scale = 2)
    public BigDecimal amount;

    public String currency;

    public String remittance;

    public String endToEndId;

    /** Set when this entry alone was rejected (AM04 funds, AM03 currency). */
    public String rejectedReason;

    public String payeeVerification;

    public String payeeMatchedName;

    /**
     * The entry's status within its bulk: RJCT when rejected alone, ACSC when its bulk settled partly (PART: the
     * others are booked), else the bulk's.
     */
    public TransactionStatus statusWithin(Payment bulk) {
        if (rejectedReason != null) {
            return TransactionStatus.RJCT;
        }
        return bulk.transactionStatus == TransactionStatus.PART ? TransactionStatus.ACSC : bulk.transactionStatus;
    }

    /** The entry's status reason: its own rejection's, else its bulk's when it shares the bulk's rejection. */
    public String reasonWithin(Payment bulk) {
        if (rejectedReason != null) {
            return rejectedReason;
        }
        return bulk.transactionStatus == TransactionStatus.RJCT ? bulk.statusReason : null;
    }

    /**
     * The entry as a payment of its own, not stored: what the ledger books for it (its id is the transactions'
     * reference), debited in the bulk's debtor account.
     */
    public Payment asPayment(Payment bulk) {
        Payment single = new Payment();
        single.id = id;
        single.paymentProduct = bulk.paymentProduct;
        single.debtorIban = bulk.debtorIban;
        single.debtorAccountId = bulk.debtorAccountId;
        single.creditorName = creditorName;
        single.creditorIban = creditorIban;
        single.amount = amount;
        single.currency = currency;
        single.remittance = remittance;
        single.endToEndId = endToEndId;
        return single;
    }
}
