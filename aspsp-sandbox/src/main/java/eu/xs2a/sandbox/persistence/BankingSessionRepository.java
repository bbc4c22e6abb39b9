package eu.xs2a.sandbox.persistence;

import eu.xs2a.sandbox.domain.BankingSession;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;

@ApplicationScoped
public class BankingSessionRepository implements PanacheRepositoryBase<BankingSession, String> {
}
