package eu.xs2a.platform.persistence;

import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import java.util.Optional;

/**
 * Row locks for a state change that read the row as its last writer committed it. {@code find} with a lock mode does
 * not do that for an entity the transaction has already loaded: the provider only locks the row and keeps its copy,
 * whose next flush writes every column back and silently undoes what a concurrent transaction committed meanwhile.
 */
public final class RowLocks {

    private RowLocks() {
    }

    /**
     * The entity of this id, its row locked ({@code FOR UPDATE}) and its state read under the lock; empty when there is
     * no such row. One statement either way: a copy already loaded is refreshed under the lock, else the row is loaded
     * with it.
     */
    public static <T> Optional<T> lock(EntityManager em, Class<T> type, Object id) {
        // the managed copy if there is one, else a reference made only to ask
        T held = em.getReference(type, id);
        if (em.getEntityManagerFactory().getPersistenceUnitUtil().isLoaded(held)) {
            em.refresh(held, LockModeType.PESSIMISTIC_WRITE);
            return Optional.of(held);
        }
        // dropped again: a load through it would fail for a row that does not exist, rather than answer none. The
        // services' entities hold ids, not associations, so no other reference of theirs is in a persistence context
        em.detach(held);
        return Optional.ofNullable(em.find(type, id, LockModeType.PESSIMISTIC_WRITE));
    }
}
