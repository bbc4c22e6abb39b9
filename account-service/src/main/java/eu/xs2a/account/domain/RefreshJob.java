package eu.xs2a.account.domain;

import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.UUID;

/**
 * One asynchronous refresh of a consent's account data, as the TPP sees it: {@code processing} (queued) →
 * {@code fetching} (its first step has run) → {@code fetchingFinished} | {@code partiallyFailed} |
 * {@code fetchingFailed}, and a final state never changes. The work itself is tasks of the task runtime
 * ({@link RefreshListing}, then {@link RefreshAccountStep} per account), which own the queue, leases and retries.
 */
@Entity
@Table(name = "refresh_job")
public class RefreshJob extends ConsentScoped {

    @Id
    public UUID id;

    public String aspspConsentId;

    public boolean initiatedByCustomer;

    @Enumerated(EnumType.STRING)
    public RefreshStatus status;

    /** Accounts the bank listed under the consent: null until the listing step has stored them. */
    public Integer accountsTotal;

    public Integer accountsFailed;

    public Instant createdAt;

    public Instant updatedAt;

    public static RefreshJob queue(String providerCode, String tppId, String consentId, String aspspConsentId,
                                   boolean initiatedByCustomer, Instant now) {
        RefreshJob job = new RefreshJob();
        job.id = UUID.randomUUID();
        job.providerCode = providerCode;
        job.tppId = tppId;
        job.consentId = consentId;
        job.aspspConsentId = aspspConsentId;
        job.initiatedByCustomer = initiatedByCustomer;
        job.status = RefreshStatus.processing;
        job.createdAt = now;
        job.updatedAt = now;
        return job;
    }

    /** Whether its accounts are listed: the per-account steps are queued. */
    public boolean listed() {
        return accountsTotal != null;
    }

    /** Its first step runs: fetching (also when that step runs again). */
    public void start(Instant now) {
        requireOpen();
        status = RefreshStatus.fetching;
        updatedAt = now;
    }

    /** The bank listed this many accounts, each now a step of its own. */
    public void listed(int accounts, Instant now) {
        requireOpen();
        if (listed()) {
            throw new IllegalStateException("refresh job " + id + " was listed already");
        }
        status = RefreshStatus.fetching;
        accountsTotal = accounts;
        updatedAt = now;
    }

    /** The end: the outcome decides the final state. */
    public void finish(FetchOutcome outcome, Instant now) {
        requireOpen();
        status = outcome.refreshStatus();
        if (!outcome.listFailed()) {
            accountsTotal = outcome.accountsTotal();
            accountsFailed = outcome.accountsFailed();
        }
        updatedAt = now;
    }

    private void requireOpen() {
        if (status.isFinal()) {
            throw new IllegalStateException("refresh job " + id + " is " + status + " already");
        }
    }
}
