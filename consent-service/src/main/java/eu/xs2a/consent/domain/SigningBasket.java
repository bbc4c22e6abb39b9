package eu.xs2a.consent.domain;

import eu.xs2a.platform.notify.NotificationRequest;
import eu.xs2a.platform.notify.NotificationWishes;
import jakarta.persistence.Column;
import jakarta.persistence.Embedded;
import jakarta.persistence.Entity;
import jakarta.persistence.EntityListeners;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
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
public class SigningBasket {

    /** transactionStatus_SBS values this gateway uses. */
    public enum Status {
        RCVD, ACTC, RJCT, CANC;

        public boolean isFinal() {
            return this != RCVD;
        }
    }

    @Id
    private String id;
    @Column(nullable = false)
    private String providerCode;
    @Column(nullable = false)
    private String tppId;
    private String tppName;
    @Enumerated(EnumType.STRING)
    @Column(nullable = false)
    private Status transactionStatus;
    @JdbcTypeCode(SqlTypes.JSON)
    @Column(nullable = false)
    private List<String> paymentIds;
    @JdbcTypeCode(SqlTypes.JSON)
    @Column(nullable = false)
    private List<String> consentIds;
    private String psuId;
    private String redirectUri;
    private String nokRedirectUri;
    private String bankBasketId;
    private String bankScaUrl;
    @Embedded
    private NotificationWishes notification;
    /** When the bank was last asked about the basket (polling), or null. */
    private Instant bankCheckedAt;
    @Column(nullable = false)
    private Instant createdAt;
    @Column(nullable = false)
    private Instant updatedAt;

    /** The moves not yet written (notified when the entity is written). */
    @Transient
    private List<Status> statusChanges = new ArrayList<>();

    protected SigningBasket() {
        // JPA
    }

    public SigningBasket(String id, String providerCode, String tppId, String tppName, List<String> paymentIds,
                         List<String> consentIds, ScaRedirect redirect, Instant now) {
        this.id = id;
        this.providerCode = providerCode;
        this.tppId = tppId;
        this.tppName = tppName;
        this.transactionStatus = Status.RCVD;
        this.paymentIds = List.copyOf(paymentIds);
        this.consentIds = List.copyOf(consentIds);
        this.psuId = redirect.psuId();
        this.redirectUri = redirect.redirectUri();
        this.nokRedirectUri = redirect.nokRedirectUri();
        this.createdAt = now;
        this.updatedAt = now;
    }

    /** The bank registered the basket: its id there and the page of its one SCA. */
    public void registeredAtBank(String bankId, String scaUrl, Instant now) {
        this.bankBasketId = bankId;
        this.bankScaUrl = scaUrl;
        this.updatedAt = now;
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

    /** The bank answered a read of the basket (the polling asks again only after consent.bank-sync.stale-after). */
    public void heardFromBank(Instant now) {
        this.bankCheckedAt = now;
    }

    /** DELETE by the TPP: only before the basket was authorised (else 409 at the caller). */
    public void cancel(Instant now) {
        if (transactionStatus != Status.RCVD) {
            throw new IllegalStateException("basket " + id + " is " + transactionStatus);
        }
        moveTo(Status.CANC, now);
    }

    private void moveTo(Status target, Instant now) {
        transactionStatus = target;
        updatedAt = now;
        statusChanges.add(target);
    }

    /** The moves since the last call, each once. */
    public List<Status> takeStatusChanges() {
        List<Status> taken = statusChanges;
        statusChanges = new ArrayList<>();
        return taken;
    }

    /** Keeps what the TPP asked to be notified of at the creation or an explicit start ({@link NotificationWishes}). */
    public void notifyAt(NotificationRequest request) {
        notification = NotificationWishes.after(notification, request);
    }

    public String getId() {
        return id;
    }

    public String getProviderCode() {
        return providerCode;
    }

    public String getTppId() {
        return tppId;
    }

    public String getTppName() {
        return tppName;
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

    public String getPsuId() {
        return psuId;
    }

    public String getRedirectUri() {
        return redirectUri;
    }

    public String getNokRedirectUri() {
        return nokRedirectUri;
    }

    public String getBankBasketId() {
        return bankBasketId;
    }

    public String getBankScaUrl() {
        return bankScaUrl;
    }
}
