package eu.xs2a.consent.domain;

import eu.xs2a.platform.sca.ScaAuthorisation;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;
import java.time.Instant;

/**
 * The authorisation sub-resource of a consent: the redirect SCA. Its scaStatus, the one-time scaRedirect link and
 * the callback state are the platform's {@link ScaAuthorisation}; one is created with each consent.
 */
@Entity
@Table(name = "consent_authorisation")
public class ConsentAuthorisation extends ScaAuthorisation {

    @Column(name = "consent_id", nullable = false)
    private String consentId;

    protected ConsentAuthorisation() {
        // JPA
    }

    private ConsentAuthorisation(String id, String consentId, String redirectTokenHash, Instant redirectExpiresAt,
                                 String callbackState, Instant now) {
        super(id, redirectTokenHash, redirectExpiresAt, callbackState, now);
        this.consentId = consentId;
    }

    public static ConsentAuthorisation start(String id, String consentId, String redirectTokenHash,
                                             Instant redirectExpiresAt, String callbackState, Instant now) {
        return new ConsentAuthorisation(id, consentId, redirectTokenHash, redirectExpiresAt, callbackState, now);
    }
}
