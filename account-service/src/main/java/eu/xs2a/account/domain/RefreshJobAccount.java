package eu.xs2a.account.domain;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.util.UUID;

/**
 * One account of a refresh, fetched by a step of its own ({@link RefreshAccountStep}): where to ask the bank, what
 * the consent allows, and the outcome once the step has run. The outcome is recorded once; a step run again after
 * that (its worker died before the runtime recorded it done) finds it and changes nothing.
 */
@Entity
@Table(name = "refresh_job_account")
public class RefreshJobAccount extends PanacheEntityBase {

    public static final String FETCHED = "fetched";
    public static final String FAILED = "failed";

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    public UUID jobId;

    public UUID accountId;

    public String bankAccountId;

    public boolean balances;

    public boolean transactions;

    /** {@link #FETCHED}, {@link #FAILED}, or null while its step is pending. */
    public String outcome;

    /** A card account: its step asks the bank's /card-accounts paths. */
    public boolean card;

    public static RefreshJobAccount of(UUID jobId, AccountDataWriter.AccountToFetch account) {
        RefreshJobAccount row = new RefreshJobAccount();
        row.jobId = jobId;
        row.accountId = account.accountId();
        row.bankAccountId = account.bankAccountId();
        row.balances = account.balances();
        row.transactions = account.transactions();
        row.card = account.card();
        return row;
    }

    public boolean pending() {
        return outcome == null;
    }

    public AccountDataWriter.AccountToFetch toFetch() {
        return new AccountDataWriter.AccountToFetch(accountId, bankAccountId, balances, transactions, card);
    }

    /** Records the step's outcome, once. */
    public void end(boolean fetched) {
        if (!pending()) {
            throw new IllegalStateException("account " + accountId + " of refresh job " + jobId + " is " + outcome);
        }
        outcome = fetched ? FETCHED : FAILED;
    }
}
