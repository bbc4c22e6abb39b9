package eu.xs2a.payment.persistence;

import eu.xs2a.payment.domain.AuthorisationKind;
import eu.xs2a.payment.domain.PaymentAuthorisation;
import eu.xs2a.platform.persistence.RowLocks;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Optional;

@ApplicationScoped
public class AuthorisationRepository implements PanacheRepositoryBase<PaymentAuthorisation, String> {

    public List<PaymentAuthorisation> of(long paymentId, AuthorisationKind kind) {
        return list("paymentId = ?1 and kind = ?2 order by createdAt", paymentId, kind);
    }

    public Optional<PaymentAuthorisation> find(long paymentId, AuthorisationKind kind, String authorisationId) {
        return find("id = ?1 and paymentId = ?2 and kind = ?3", authorisationId, paymentId, kind).firstResultOptional();
    }

    /** Locks one authorisation row (reading it fresh) so that a one-time token is used only once. */
    public Optional<PaymentAuthorisation> lock(long paymentId, AuthorisationKind kind, String authorisationId) {
        return RowLocks.lock(getEntityManager(), PaymentAuthorisation.class, authorisationId)
                .filter(a -> a.paymentId() == paymentId && a.kind() == kind);
    }

    public Optional<PaymentAuthorisation> byCallbackState(long paymentId, String callbackState) {
        return find("paymentId = ?1 and callbackState = ?2", paymentId, callbackState).firstResultOptional();
    }

    /** The payment authorisation that is still open (not final), if any. */
    public Optional<PaymentAuthorisation> latest(long paymentId, AuthorisationKind kind) {
        return find("paymentId = ?1 and kind = ?2 order by createdAt desc", paymentId, kind).firstResultOptional();
    }
}
