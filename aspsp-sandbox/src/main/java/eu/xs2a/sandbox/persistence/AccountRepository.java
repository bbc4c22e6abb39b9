package eu.xs2a.sandbox.persistence;

import eu.xs2a.sandbox.domain.Account;
import eu.xs2a.sandbox.domain.AccountRef;
import eu.xs2a.sandbox.domain.Iban;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Optional;

@ApplicationScoped
public class AccountRepository implements PanacheRepositoryBase<Account, String> {

    /** The accounts the PSU holds: owns, or may sign for (a corporate account's signatories). */
    public List<Account> ofPsu(String psuId) {
        return list("psuId = ?1 or ?1 member of signatories order by position", psuId);
    }

    public Optional<Account> byIban(String iban) {
        return find("iban", Iban.normalise(iban)).firstResultOptional();
    }

    /**
     * The account an account reference names (IBAN, BBAN or a card account's masked PAN; a full PAN and phone
     * numbers name no sandbox account).
     */
    public Optional<Account> byRef(AccountRef ref) {
        Optional<Account> candidate = Optional.empty();
        if (ref.iban() != null) {
            candidate = byIban(ref.iban());
        } else if (ref.bban() != null) {
            candidate = find("bban", ref.bban().replace(" ", "")).firstResultOptional();
        } else if (ref.maskedPan() != null) {
            candidate = find("maskedPan", ref.maskedPan()).firstResultOptional();
        }
        return candidate.filter(account -> account.matches(ref));
    }
}
