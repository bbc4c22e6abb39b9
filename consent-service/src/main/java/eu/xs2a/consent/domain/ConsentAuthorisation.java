package eu.xs2a.consent.domain;

import eu.xs2a.platform.sca.ScaApproach;
import eu.xs2a.platform.sca.ScaAuthorisation;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EntityListeners;
import jakarta.persistence.Table;
import java.time.Instant;

/**
 * The authorisation sub-resource of a consent: a redirect, embedded or decoupled SCA. Its scaStatus, the one-time scaRedirect link and
 * the callback state are the platform's {@link ScaAuthorisation}; one is created with each consent (hidden when the
 * TPP prefers to start it explicitly, see {@link #isExplicitStartPending}).
 */
@Entity
@Table(name = "consent_authorisation")
@EntityListeners(ConsentNotifications.ScaStatusListener.class)
public class ConsentAuthorisation extends ScaAuthorisation {

    @Column(nullable = false)
    private String consentId;

    /**
     * Created with a consent whose TPP starts the authorisation itself (TPP-Explicit-Authorisation-Preferred): it
     * holds the consent's approach and the bank's return URL but is never shown; the TPP's POST creates the real one.
     */
    private boolean explicitStartPending;

    public String getConsentId() {
        return consentId;
    }

    protected ConsentAuthorisation() {
        // JPA
    }

    private ConsentAuthorisation(String id, String consentId, ScaApproach approach, String redirectTokenHash,
                                 Instant redirectExpiresAt, String callbackState, Instant now) {
        super(id, approach, redirectTokenHash, redirectExpiresAt, callbackState, now);
        this.consentId = consentId;
    }

    /** A redirect authorisation. */
    public static ConsentAuthorisation start(String id, String consentId, String redirectTokenHash,
                                             Instant redirectExpiresAt, String callbackState, Instant now) {
        return start(id, consentId, ScaApproach.REDIRECT, redirectTokenHash, redirectExpiresAt, callbackState, now);
    }

    public static ConsentAuthorisation start(String id, String consentId, ScaApproach approach,
                                             String redirectTokenHash, Instant redirectExpiresAt, String callbackState,
                                             Instant now) {
        return new ConsentAuthorisation(id, consentId, approach, redirectTokenHash, redirectExpiresAt, callbackState,
                now);
    }

    /** Makes this the consent's hidden first authorisation, waiting for the TPP's explicit start. */
    public ConsentAuthorisation awaitExplicitStart() {
        this.explicitStartPending = true;
        return this;
    }

    /** Whether this stands in for an authorisation the TPP starts explicitly (never shown to the TPP). */
    public boolean isExplicitStartPending() {
        return explicitStartPending;
    }
}
