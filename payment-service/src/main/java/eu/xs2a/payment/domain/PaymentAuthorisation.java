package eu.xs2a.payment.domain;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/**
 * An authorisation (or cancellation-authorisation) sub-resource of a payment. The PSU reaches the bank through a
 * one-time gateway link ({@link #redirectTokenHash}, valid for a short time) and comes back through the callback
 * identified by {@link #callbackState}.
 */
@Entity
@Table(name = "payment_authorisation")
public class PaymentAuthorisation {

    @Id
    private String id;

    @Column(name = "payment_id", nullable = false)
    private Long paymentId;

    @Enumerated(EnumType.STRING)
    @Column(name = "kind", nullable = false)
    private AuthorisationKind kind;

    @Enumerated(EnumType.STRING)
    @Column(name = "sca_status", nullable = false)
    private ScaStatus scaStatus;

    @Column(name = "redirect_token_hash", nullable = false)
    private String redirectTokenHash;

    @Column(name = "redirect_token_expires_at", nullable = false)
    private Instant redirectTokenExpiresAt;

    @Column(name = "redirect_token_used_at")
    private Instant redirectTokenUsedAt;

    /** For cancellations: the secret of the bank's return URL (payment authorisations use the payment's). */
    @Column(name = "callback_state")
    private String callbackState;

    /** For cancellations: the bank's SCA page (payment authorisations use the payment's). */
    @Column(name = "bank_sca_url")
    private String bankScaUrl;

    @Column(name = "redirect_uri")
    private String redirectUri;

    @Column(name = "nok_redirect_uri")
    private String nokRedirectUri;

    @Column(name = "created_at", nullable = false)
    private Instant createdAt;

    @Column(name = "updated_at", nullable = false)
    private Instant updatedAt;

    protected PaymentAuthorisation() {
        // JPA
    }

    public static PaymentAuthorisation start(String id, Long paymentId, AuthorisationKind kind, String tokenHash,
                                             Instant tokenExpiresAt, String callbackState, String bankScaUrl,
                                             String redirectUri, String nokRedirectUri, Instant now) {
        PaymentAuthorisation authorisation = new PaymentAuthorisation();
        authorisation.id = id;
        authorisation.paymentId = paymentId;
        authorisation.kind = kind;
        authorisation.scaStatus = ScaStatus.received;
        authorisation.redirectTokenHash = tokenHash;
        authorisation.redirectTokenExpiresAt = tokenExpiresAt;
        authorisation.callbackState = callbackState;
        authorisation.bankScaUrl = bankScaUrl;
        authorisation.redirectUri = redirectUri;
        authorisation.nokRedirectUri = nokRedirectUri;
        authorisation.createdAt = now;
        authorisation.updatedAt = now;
        return authorisation;
    }

    /** Follows the bank's scaStatus forward; stale or backward values are ignored. */
    public boolean followBank(ScaStatus bankStatus, Instant now) {
        if (bankStatus == null || !scaStatus.canMoveTo(bankStatus)) {
            return false;
        }
        scaStatus = bankStatus;
        updatedAt = now;
        return true;
    }

    /**
     * Ends an authorisation that can no longer complete, because a newer one replaced it or its payment is final, as
     * failed. A final one stays as it is.
     */
    public boolean abandon(Instant now) {
        if (scaStatus.isFinal()) {
            return false;
        }
        scaStatus = ScaStatus.failed;
        updatedAt = now;
        return true;
    }

    /**
     * Closes an authorisation still open when its payment reached a concluded status
     * ({@link TransactionStatus#isConcluded}): a payment authorisation of an executed payment was evidently given
     * (finalised, even if the bank never said so); anything else can no longer complete (failed).
     */
    public boolean closeAt(TransactionStatus concluded, Instant now) {
        boolean executed = concluded == TransactionStatus.ACSC || concluded == TransactionStatus.ACCC;
        if (kind == AuthorisationKind.PAYMENT && executed) {
            return followBank(ScaStatus.finalised, now);
        }
        return abandon(now);
    }

    /** Whether the one-time link may still be used: right token, unused, not expired. */
    public boolean acceptsRedirectToken(String tokenHash, Instant now) {
        return redirectTokenUsedAt == null && now.isBefore(redirectTokenExpiresAt) && holdsRedirectToken(tokenHash);
    }

    /** Whether the token is this authorisation's (used or expired, maybe): the link was really the PSU's. */
    public boolean holdsRedirectToken(String tokenHash) {
        return java.security.MessageDigest.isEqual(redirectTokenHash.getBytes(), tokenHash.getBytes());
    }

    public void useRedirectToken(Instant now) {
        redirectTokenUsedAt = now;
        updatedAt = now;
    }

    public String id() {
        return id;
    }

    public Long paymentId() {
        return paymentId;
    }

    public AuthorisationKind kind() {
        return kind;
    }

    public ScaStatus scaStatus() {
        return scaStatus;
    }

    public String callbackState() {
        return callbackState;
    }

    public String bankScaUrl() {
        return bankScaUrl;
    }

    public String redirectUri() {
        return redirectUri;
    }

    public String nokRedirectUri() {
        return nokRedirectUri;
    }

    public Instant createdAt() {
        return createdAt;
    }
}
