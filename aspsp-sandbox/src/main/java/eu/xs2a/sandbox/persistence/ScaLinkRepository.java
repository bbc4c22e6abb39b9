package eu.xs2a.sandbox.persistence;

import eu.xs2a.sandbox.domain.ScaLink;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import java.util.Optional;

@ApplicationScoped
public class ScaLinkRepository implements PanacheRepositoryBase<ScaLink, String> {

    /** The link locked for the step, so a double submit cannot run two steps at once. */
    public Optional<ScaLink> lock(String token) {
        return findByIdOptional(token, LockModeType.PESSIMISTIC_WRITE);
    }

    /** Ends every open link of a resource (e.g. the payment was cancelled before the PSU finished). */
    public void closeAllOf(String resourceId) {
        update("state = ?1 where resourceId = ?2", ScaLink.State.DONE, resourceId);
    }
}
