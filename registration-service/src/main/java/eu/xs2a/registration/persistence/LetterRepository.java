package eu.xs2a.registration.persistence;

import eu.xs2a.registration.domain.Letter;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.UUID;

@ApplicationScoped
public class LetterRepository implements PanacheRepositoryBase<Letter, UUID> {

    public List<Letter> forRecipient(String recipient) {
        return list("recipient = ?1 order by createdAt", recipient);
    }
}
