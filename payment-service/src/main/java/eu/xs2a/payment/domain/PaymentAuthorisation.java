package eu.xs2a.payment.domain;

import eu.xs2a.platform.sca.ScaApproach;
import eu.xs2a.platform.sca.ScaAuthorisation;
import eu.xs2a.platform.sca.ScaStatus;
import jakarta.persistence.AttributeOverride;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EntityListeners;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Table;
import java.time.Instant;

/**
 * An authorisation (or cancellation-authorisation) sub-resource of a payment: the platform's
 * {@link ScaAuthorisation} (scaStatus, one-time link, callback state), and what it authorises. The PSU reaches the
 * bank through the one-time gateway link and comes back through the callback: a payment authorisation through the
 * payment's callback state and SCA page, a cancellation authorisation through its own.
 */
@Entity
@EntityListeners(PaymentNotifications.AuthorisationListener.class)
@Table(name = "payment_authorisation")
@AttributeOverride(name = "redirectExpiresAt", column = @Column(name = "redirect_token_expires_at", nullable = false))
@AttributeOverride(name = "redirectUsedAt", column = @Column(name = "redirect_token_used_at"))
public class PaymentAuthorisation extends ScaAuthorisation {

    @Column(nullable = false)
    private Long paymentId;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false)
    private AuthorisationKind kind;

    /** For cancellations: the bank's SCA page (payment authorisations use the payment's). */
    private String bankScaUrl;

    private String redirectUri;

    private String nokRedirectUri;

    protected PaymentAuthorisation() {
        // JPA
    }

    private PaymentAuthorisation(String id, Long paymentId, AuthorisationKind kind, ScaApproach approach,
                                 String tokenHash, Instant tokenExpiresAt, String callbackState, String bankScaUrl,
                                 String redirectUri, String nokRedirectUri, Instant now) {
        super(id, approach, tokenHash, tokenExpiresAt, callbackState, now);
        this.paymentId = paymentId;
        this.kind = kind;
        this.bankScaUrl = bankScaUrl;
        this.redirectUri = redirectUri;
        this.nokRedirectUri = nokRedirectUri;
    }

    /** {@code callbackState} and {@code bankScaUrl} only for cancellations (payment authorisations use the payment's). */
    public static PaymentAuthorisation start(String id, Long paymentId, AuthorisationKind kind, ScaApproach approach,
                                             String tokenHash, Instant tokenExpiresAt, String callbackState,
                                             String bankScaUrl, String redirectUri, String nokRedirectUri,
                                             Instant now) {
        return new PaymentAuthorisation(id, paymentId, kind, approach, tokenHash, tokenExpiresAt, callbackState,
                bankScaUrl, redirectUri, nokRedirectUri, now);
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

    public Long paymentId() {
        return paymentId;
    }

    public AuthorisationKind kind() {
        return kind;
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
}
