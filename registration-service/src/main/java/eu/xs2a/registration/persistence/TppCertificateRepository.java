package eu.xs2a.registration.persistence;

import eu.xs2a.registration.domain.TppCertificate;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

@ApplicationScoped
public class TppCertificateRepository implements PanacheRepositoryBase<TppCertificate, UUID> {

    public List<TppCertificate> ofTpp(String tppId) {
        return list("tppId = ?1 order by addedAt, id", tppId);
    }

    public Optional<TppCertificate> find(String tppId, String fingerprint) {
        return find("tppId = ?1 and fingerprint = ?2", tppId, fingerprint).firstResultOptional();
    }
}
