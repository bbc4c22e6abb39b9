package eu.xs2a.consent.domain;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EntityListeners;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Table;
import jakarta.persistence.Transient;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/**
 * A signing basket (docs/ARCHITECTURE.md "Signing baskets") and its state machine: RCVD (created, registered at the
 * bank) → ACTC (its one SCA finalised: every member authorised at the bank) | RJCT (SCA failed or denied: every
 * member rejected there); RCVD → CANC (deleted by the TPP before any authorisation). Final states stay final. Each
 * move is kept until the entity is written, when {@link ConsentNotifications.BasketListener} notifies the TPP.
 */
@Entity
@Table(name = "signing_basket")
@EntityListeners(ConsentNotifications.BasketListener.class)
public class SigningBasket extends TppResource {

    /** transactionStatus_SBS values this gateway uses. */
    public enum Status {
        RCVD, ACTC, RJCT, CANC;

        public boolean isFinal() {
            return this != RCVD;
        }
    }

    @Enumerated(EnumType.STRING)
    @Column(nullable = false)
    private Status transactionStatus;
    @JdbcTypeCode(SqlTypes.JSON)
    @Column(nullable = false)
    private List<String> paymentIds;
    @JdbcTypeCode(SqlTypes.JSON)
    @Column(nullable = false)
    private List<String> consentIds;
    private String bankBasketId;

    /** The moves not yet written (notified when the entity is written). */
    @Transient
    private List<Status> statusChanges = new ArrayList<>();

    protected SigningBasket() {
        // JPA
    }

    public SigningBasket(String id, String providerCode, String tppId, String tppName, List<String> paymentIds,
                         List<String> consentIds, ScaRedirect redirect, Instant now) {
        super(id, providerCode, tppId, tppName, redirect, now);
        this.transactionStatus = Status.RCVD;
        this.paymentIds = List.copyOf(paymentIds);
        this.consentIds = List.copyOf(consentIds);
    }

    /** The bank registered the basket: its id there and the page of its one SCA. */
    public void registeredAtBank(String bankId, String scaUrl, Instant now) {
        this.bankBasketId = bankId;
        atBank(scaUrl, now);
    }

    /**
     * Follows the bank's view of the basket (RCVD, ACTC, RJCT, CANC): only from RCVD, and a repeat or an unknown
     * value changes nothing. Answers whether it moved.
     */
    public boolean followBank(String bankStatus, Instant now) {
        if (transactionStatus.isFinal() || bankStatus == null) {
            return false;
        }
        Status reported;
        try {
            reported = Status.valueOf(bankStatus);
        } catch (IllegalArgumentException unknown) {
            return false;
        }
        if (reported == Status.RCVD) {
            return false;
        }
        moveTo(reported, now);
        return true;
    }

    /** DELETE by the TPP: only before the basket was authorised (else 409 at the caller). */
    public void cancel(Instant now) {
        if (transactionStatus != Status.RCVD) {
            throw new IllegalStateException("basket " + getId() + " is " + transactionStatus);
        }
        moveTo(Status.CANC, now);
    }

    private void moveTo(Status target, Instant now) {
        transactionStatus = target;
        touch(now);
        statusChanges.add(target);
    }

    /** The moves since the last call, each once. */
    public List<Status> takeStatusChanges() {
        List<Status> taken = statusChanges;
        statusChanges = new ArrayList<>();
        return taken;
    }

    public Status getTransactionStatus() {
        return transactionStatus;
    }

    public List<String> getPaymentIds() {
        return paymentIds;
    }

    public List<String> getConsentIds() {
        return consentIds;
    }

    public String getBankBasketId() {
        return bankBasketId;
    }
}
