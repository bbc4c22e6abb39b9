package eu.xs2a.account.persistence;

import eu.xs2a.account.domain.ConsentAccount;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Collectors;

@ApplicationScoped
public class ConsentAccountRepository implements PanacheRepositoryBase<ConsentAccount, Long> {

    public Optional<ConsentAccount> find(String providerCode, String tppId, String consentId, UUID accountId) {
        return find("providerCode = ?1 and tppId = ?2 and consentId = ?3 and accountId = ?4",
                providerCode, tppId, consentId, accountId).firstResultOptional();
    }

    public Map<UUID, ConsentAccount> ofConsent(String providerCode, String tppId, String consentId) {
        return list("providerCode = ?1 and tppId = ?2 and consentId = ?3", providerCode, tppId, consentId).stream()
                .collect(Collectors.toMap(link -> link.accountId, link -> link));
    }

    /** Replaces what a consent covers with what the bank answered now. */
    public void replace(String providerCode, String tppId, String consentId, List<ConsentAccount> links) {
        delete("providerCode = ?1 and tppId = ?2 and consentId = ?3", providerCode, tppId, consentId);
        getEntityManager().flush();
        persist(links);
    }
}
