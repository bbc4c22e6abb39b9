package eu.xs2a.sandbox.persistence;

import eu.xs2a.sandbox.domain.PaymentEntry;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

@ApplicationScoped
public class PaymentEntryRepository implements PanacheRepositoryBase<PaymentEntry, String> {

    /** A bulk's entries in the order submitted; none for a single payment. */
    public List<PaymentEntry> of(String paymentId) {
        return list("paymentId = ?1 order by position", paymentId);
    }
}
