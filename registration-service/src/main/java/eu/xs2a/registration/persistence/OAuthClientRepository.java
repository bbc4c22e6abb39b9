package eu.xs2a.registration.persistence;

import eu.xs2a.platform.json.StrictJson;
import eu.xs2a.registration.domain.OAuthClient;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import java.util.Optional;

@ApplicationScoped
public class OAuthClientRepository implements PanacheRepositoryBase<OAuthClient, String> {

    /**
     * The client of an id a caller sent, if any. An id PostgreSQL cannot hold (with a NUL, say) is no client's: asking
     * for it would fail the statement, and every id a caller sends is looked up here.
     */
    public Optional<OAuthClient> ofSentId(String clientId) {
        return clientId == null || StrictJson.unstorable(clientId) != null ? Optional.empty()
                : findByIdOptional(clientId);
    }

    /**
     * The client of a software, locked until the transaction ends: two repeats of one registration rotate its secret
     * one after the other, so the secret each answers with is the one stored when it commits.
     */
    public Optional<OAuthClient> ofSoftwareForUpdate(String softwareId) {
        return find("softwareId", softwareId).withLock(LockModeType.PESSIMISTIC_WRITE).firstResultOptional();
    }
}
