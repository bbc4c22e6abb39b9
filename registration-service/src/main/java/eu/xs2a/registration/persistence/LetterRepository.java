package eu.xs2a.registration.persistence;

import eu.xs2a.registration.domain.Letter;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

@ApplicationScoped
public class LetterRepository implements PanacheRepositoryBase<Letter, UUID> {

    /**
     * Locks up to {@code limit} due letters that no other replica holds ({@code FOR UPDATE SKIP LOCKED}), oldest
     * first. The caller leases them in the same transaction.
     */
    @SuppressWarnings("unchecked")
    public List<Letter> lockDue(Instant now, int limit) {
        return getEntityManager().createNativeQuery("""
                        select * from letter_outbox
                        where status = 'PENDING' and next_attempt_at <= :now
                        order by next_attempt_at
                        limit :limit
                        for update skip locked""", Letter.class)
                .setParameter("now", now)
                .setParameter("limit", limit)
                .getResultList();
    }

    public List<Letter> forRecipient(String recipient) {
        return list("recipient = ?1 order by createdAt", recipient);
    }
}
