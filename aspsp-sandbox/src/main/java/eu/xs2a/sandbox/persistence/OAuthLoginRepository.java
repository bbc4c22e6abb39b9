package eu.xs2a.sandbox.persistence;

import eu.xs2a.sandbox.domain.OAuthLogin;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import java.util.Optional;
import java.util.UUID;

@ApplicationScoped
public class OAuthLoginRepository implements PanacheRepositoryBase<OAuthLogin, UUID> {

    /** The login of a page link, locked: of two posts of one form, one decides. */
    public Optional<OAuthLogin> byTokenForUpdate(String tokenHash) {
        return find("tokenHash", tokenHash).withLock(LockModeType.PESSIMISTIC_WRITE).firstResultOptional();
    }

    public Optional<OAuthLogin> byToken(String tokenHash) {
        return find("tokenHash", tokenHash).firstResultOptional();
    }
}
