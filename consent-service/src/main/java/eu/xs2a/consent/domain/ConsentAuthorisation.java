package eu.xs2a.consent.domain;

import eu.xs2a.platform.sca.ScaApproach;
import eu.xs2a.platform.sca.ScaAuthorisation;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;
import java.time.Instant;

/**
 * The authorisation sub-resource of a consent: a redirect, embedded or decoupled SCA. Its scaStatus, the one-time scaRedirect link and
 * the callback state are the platform's {@link ScaAuthorisation}; one is created with each consent.
 */
@Entity
@Table(name = "consent_authorisation")
public class ConsentAuthorisation extends ScaAuthorisation {

    @Column(nullable = false)
    private String consentId;

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
}
