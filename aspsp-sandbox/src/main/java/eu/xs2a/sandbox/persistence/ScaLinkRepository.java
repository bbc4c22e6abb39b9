package eu.xs2a.sandbox.persistence;

import eu.xs2a.sandbox.domain.ScaLink;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import java.util.Optional;

@ApplicationScoped
public class ScaLinkRepository implements PanacheRepositoryBase<ScaLink, String> {

    /**
     * The link locked for the step, so a double submit cannot run two steps at once. A token with a NUL ({@code
     * /sca/%00}) is no link's: PostgreSQL keeps no NUL in text, and asking for it would fail the statement.
     */
    public Optional<ScaLink> lock(String token) {
        return token.indexOf('\u0000') >= 0 ? Optional.empty()
                : findByIdOptional(token, LockModeType.PESSIMISTIC_WRITE);
    }

    /**
     * Locks every link of a resource. A PSU's step locks its link before it changes the resource, so a change made
     * from the API takes the links first too: both take the locks in one order and never deadlock.
     */
    public void lockAllOf(String resourceId) {
        find("resourceId", resourceId).withLock(LockModeType.PESSIMISTIC_WRITE).list();
    }

    /** Ends every open link of a resource (e.g. the payment was cancelled before the PSU finished). */
    public void closeAllOf(String resourceId) {
        update("state = ?1 where resourceId = ?2", ScaLink.State.DONE, resourceId);
    }

    /** Replaces the open links of one kind of a resource (an earlier cancellation link, once a new one is issued). */
    public void replaceOpen(String resourceId, ScaLink.Kind kind) {
        update("state = ?1 where resourceId = ?2 and kind = ?3 and state not in (?1, ?4)", ScaLink.State.REPLACED,
                resourceId, kind, ScaLink.State.DONE);
    }

    /** The open (not finished, not replaced) link of one kind of a resource, locked for the step. */
    public Optional<ScaLink> openOf(String resourceId, ScaLink.Kind kind) {
        return find("resourceId = ?1 and kind = ?2 and state not in (?3, ?4) order by createdAt desc", resourceId, kind,
                ScaLink.State.DONE, ScaLink.State.REPLACED).withLock(LockModeType.PESSIMISTIC_WRITE).firstResultOptional();
    }

    /** Links whose push went to the PSU's app before {@code before} and are still waiting for its answer, locked. */
    public java.util.List<ScaLink> lockDecoupledDue(java.time.Instant before, int limit) {
        return find("state = ?1 and decoupledAt <= ?2", ScaLink.State.APPROVED, before)
                .withLock(LockModeType.PESSIMISTIC_WRITE).page(0, limit).list();
    }
}
