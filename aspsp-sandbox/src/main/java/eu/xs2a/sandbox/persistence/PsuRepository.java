package eu.xs2a.sandbox.persistence;

import eu.xs2a.sandbox.domain.Psu;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;

@ApplicationScoped
public class PsuRepository implements PanacheRepositoryBase<Psu, String> {
}
