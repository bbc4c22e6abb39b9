package eu.xs2a.sandbox.persistence;

import eu.xs2a.sandbox.domain.SigningBasket;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import java.util.Optional;

@ApplicationScoped
public class SigningBasketRepository implements PanacheRepositoryBase<SigningBasket, String> {

    public Optional<SigningBasket> byIdempotencyKey(String key) {
        return find("idempotencyKey", key).firstResultOptional();
    }

    public Optional<SigningBasket> lock(String bankBasketId) {
        return findByIdOptional(bankBasketId, LockModeType.PESSIMISTIC_WRITE);
    }
}
