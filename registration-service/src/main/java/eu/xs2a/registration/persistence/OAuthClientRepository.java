package eu.xs2a.registration.persistence;

import eu.xs2a.registration.domain.OAuthClient;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import java.util.Optional;

@ApplicationScoped
public class OAuthClientRepository implements PanacheRepositoryBase<OAuthClient, String> {

    /**
     * The client of a software, locked until the transaction ends: two repeats of one registration rotate its secret
     * one after the other, so the secret each answers with is the one stored when it commits.
     */
    public Optional<OAuthClient> ofSoftwareForUpdate(String softwareId) {
        return find("softwareId", softwareId).withLock(LockModeType.PESSIMISTIC_WRITE).firstResultOptional();
    }
}
