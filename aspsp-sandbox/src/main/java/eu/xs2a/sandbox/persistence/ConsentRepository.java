package eu.xs2a.sandbox.persistence;

import eu.xs2a.sandbox.domain.Consent;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import eu.xs2a.sandbox.domain.ConsentStatus;
import eu.xs2a.sandbox.domain.Psu;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

@ApplicationScoped
public class ConsentRepository implements PanacheRepositoryBase<Consent, String> {

    public Optional<Consent> byIdempotencyKey(String key) {
        return find("idempotencyKey", key).firstResultOptional();
    }

    /**
     * Valid consents of PSUs with this behaviour whose status last changed (their approval) before {@code before},
     * locked: an instance that waited for another's lock finds the row re-checked, no longer valid.
     */
    public List<Consent> lockValidOfBehaviourSince(Psu.Behaviour behaviour, Instant before, int limit) {
        return find("status = ?1 and statusChangedAt <= ?2 and psuId in (select p.id from Psu p where p.behaviour = ?3)",
                ConsentStatus.valid, before, behaviour)
                .withLock(LockModeType.PESSIMISTIC_WRITE).page(0, limit).list();
    }

    /** The consents a PSU gave (approved or not), newest first. */
    public List<Consent> givenBy(String psuId) {
        return list("psuId = ?1 order by createdAt desc", psuId);
    }
}
