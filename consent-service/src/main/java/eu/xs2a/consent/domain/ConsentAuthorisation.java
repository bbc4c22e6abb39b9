package eu.xs2a.consent.domain;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/**
 * The authorisation sub-resource of a consent: the redirect SCA. Its scaStatus only moves forward
 * (received → psuIdentified/psuAuthenticated → scaMethodSelected → started → finalised | failed) and a final
 * status never changes. It also holds the one-time scaRedirect link (as a hash) and the callback state.
 */
@Entity
@Table(name = "consent_authorisation")
public class ConsentAuthorisation {

    @Id
    private String id;
    @Column(name = "consent_id", nullable = false)
    private String consentId;
    @Enumerated(EnumType.STRING)
    @Column(name = "sca_status", nullable = false)
    private ScaStatus scaStatus;
    @Column(name = "redirect_token_hash", nullable = false)
    private String redirectTokenHash;
    @Column(name = "redirect_expires_at", nullable = false)
    private Instant redirectExpiresAt;
    @Column(name = "redirect_used_at")
    private Instant redirectUsedAt;
    @Column(name = "callback_state", nullable = false)
    private String callbackState;
    @Column(name = "created_at", nullable = false)
    private Instant createdAt;
    @Column(name = "updated_at", nullable = false)
    private Instant updatedAt;

    protected ConsentAuthorisation() {
        // JPA
    }

    public static ConsentAuthorisation start(String id, String consentId, String redirectTokenHash,
                                             Instant redirectExpiresAt, String callbackState, Instant now) {
        ConsentAuthorisation authorisation = new ConsentAuthorisation();
        authorisation.id = id;
        authorisation.consentId = consentId;
        authorisation.scaStatus = ScaStatus.received;
        authorisation.redirectTokenHash = redirectTokenHash;
        authorisation.redirectExpiresAt = redirectExpiresAt;
        authorisation.callbackState = callbackState;
        authorisation.createdAt = now;
        authorisation.updatedAt = now;
        return authorisation;
    }

    /**
     * Moves to the bank's step when that is forward; a step back or any change of a final status is ignored
     * (the bank may report an older step than the one we already know).
     *
     * @return whether the status changed
     */
    public boolean advanceTo(ScaStatus target, Instant now) {
        if (target == null || target == scaStatus || scaStatus.isFinal()) {
            return false;
        }
        if (!target.isFinal() && target.ordinal() < scaStatus.ordinal()) {
            return false;
        }
        scaStatus = target;
        updatedAt = now;
        return true;
    }

    /** The consent ended without SCA (deadline passed, deleted): a pending authorisation fails. */
    public void abandon(Instant now) {
        advanceTo(ScaStatus.failed, now);
    }

    public boolean redirectUsable(Instant now) {
        return redirectUsedAt == null && now.isBefore(redirectExpiresAt);
    }

    /** The one-time link has not been followed yet (whether or not its time has run out). */
    public boolean redirectUnused() {
        return redirectUsedAt == null;
    }

    /**
     * The bank has just registered the consent, so its SCA page is fresh: an unused link gets its full validity again
     * from now, as it did not lead anywhere while the consent waited for the bank.
     */
    public void renewRedirect(Instant expiresAt, Instant now) {
        if (redirectUsedAt == null && !scaStatus.isFinal()) {
            redirectExpiresAt = expiresAt;
            updatedAt = now;
        }
    }

    public String getId() {
        return id;
    }

    public String getConsentId() {
        return consentId;
    }

    public ScaStatus getScaStatus() {
        return scaStatus;
    }

    public String getRedirectTokenHash() {
        return redirectTokenHash;
    }

    public Instant getRedirectExpiresAt() {
        return redirectExpiresAt;
    }

    public Instant getRedirectUsedAt() {
        return redirectUsedAt;
    }

    public String getCallbackState() {
        return callbackState;
    }
}
