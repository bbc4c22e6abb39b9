package eu.xs2a.consent.persistence;

import eu.xs2a.consent.domain.ConsentAuthorisation;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

@ApplicationScoped
public class AuthorisationRepository implements PanacheRepositoryBase<ConsentAuthorisation, String> {

    public List<ConsentAuthorisation> ofConsent(String consentId) {
        return list("consentId = ?1 order by createdAt", consentId);
    }

    public Optional<ConsentAuthorisation> findOfConsent(String authorisationId, String consentId) {
        return find("id = ?1 and consentId = ?2", authorisationId, consentId).firstResultOptional();
    }

    /**
     * Spends the one-time scaRedirect link: succeeds for exactly one caller, and only while the link is unused
     * and not expired (one conditional UPDATE, so two browsers racing cannot both pass).
     */
    public boolean useRedirect(String authorisationId, String tokenHash, Instant now) {
        return update("redirectUsedAt = ?1 where id = ?2 and redirectTokenHash = ?3 and redirectUsedAt is null"
                + " and redirectExpiresAt > ?1", now, authorisationId, tokenHash) == 1;
    }
}
