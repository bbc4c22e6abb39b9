package eu.xs2a.sandbox.persistence;

import eu.xs2a.sandbox.domain.BankTransaction;
import io.quarkus.hibernate.orm.panache.PanacheQuery;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import io.quarkus.panache.common.Page;
import io.quarkus.panache.common.Parameters;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.LocalDate;

@ApplicationScoped
public class TransactionRepository implements PanacheRepositoryBase<BankTransaction, Long> {

    /** Newest first; {@code bookingStatus} null means booked and pending. */
    public PanacheQuery<BankTransaction> ofAccount(String accountId, LocalDate from, LocalDate to, String bookingStatus,
                                                   int page, int size) {
        String query = "accountId = :account and bookingDate >= :from and bookingDate <= :to"
                + (bookingStatus == null ? "" : " and bookingStatus = :status")
                + " order by bookingDate desc, id desc";
        Parameters parameters = Parameters.with("account", accountId).and("from", from).and("to", to);
        if (bookingStatus != null) {
            parameters = parameters.and("status", bookingStatus);
        }
        return find(query, parameters).page(Page.of(page, size));
    }
}
