package eu.xs2a.sandbox.persistence;

import eu.xs2a.sandbox.domain.Consent;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Optional;

@ApplicationScoped
public class ConsentRepository implements PanacheRepositoryBase<Consent, String> {

    public Optional<Consent> byIdempotencyKey(String key) {
        return find("idempotencyKey", key).firstResultOptional();
    }

    /** The consents a PSU gave (approved or not), newest first. */
    public List<Consent> givenBy(String psuId) {
        return list("psuId = ?1 order by createdAt desc", psuId);
    }
}
