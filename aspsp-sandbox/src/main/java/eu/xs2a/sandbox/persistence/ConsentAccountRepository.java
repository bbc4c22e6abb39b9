package eu.xs2a.sandbox.persistence;

import eu.xs2a.sandbox.domain.ConsentAccount;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Optional;

@ApplicationScoped
public class ConsentAccountRepository implements PanacheRepositoryBase<ConsentAccount, ConsentAccount.Key> {

    public List<ConsentAccount> ofConsent(String consentId) {
        return list("consentId", consentId);
    }

    public Optional<ConsentAccount> of(String consentId, String accountId) {
        return find("consentId = ?1 and accountId = ?2", consentId, accountId).firstResultOptional();
    }
}
