package eu.xs2a.consent.persistence;

import eu.xs2a.consent.domain.ConsentAuthorisation;
import eu.xs2a.platform.persistence.RowLocks;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
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

    /** One authorisation, read fresh under a row lock, so that its one-time link is spent only once. */
    public Optional<ConsentAuthorisation> lock(String authorisationId) {
        return RowLocks.lock(getEntityManager(), ConsentAuthorisation.class, authorisationId);
    }
}
