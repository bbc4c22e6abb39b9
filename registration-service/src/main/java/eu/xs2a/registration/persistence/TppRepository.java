package eu.xs2a.registration.persistence;

import eu.xs2a.registration.domain.Tpp;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;

@ApplicationScoped
public class TppRepository implements PanacheRepositoryBase<Tpp, String> {
}
