package eu.xs2a.account.domain;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.UUID;

/**
 * One asynchronous refresh of a consent's account data. {@code processing} (queued) → {@code fetching} (a worker
 * holds the lease) → {@code fetchingFinished} | {@code fetchingFailed} | {@code partiallyFailed}. The lease is how
 * a job never runs twice at once and still finishes when its worker stopped: only the lease owner may finish it,
 * and a job whose lease ran out may be claimed again.
 */
@Entity
@Table(name = "refresh_job")
public class RefreshJob extends PanacheEntityBase {

    @Id
    public UUID id;

    @Column(name = "provider_code")
    public String providerCode;

    @Column(name = "tpp_id")
    public String tppId;

    @Column(name = "consent_id")
    public String consentId;

    @Column(name = "aspsp_consent_id")
    public String aspspConsentId;

    @Column(name = "initiated_by_customer")
    public boolean initiatedByCustomer;

    @Enumerated(EnumType.STRING)
    public RefreshStatus status;

    @Column(name = "lease_owner")
    public String leaseOwner;

    @Column(name = "lease_until")
    public Instant leaseUntil;

    public int attempts;

    @Column(name = "accounts_total")
    public Integer accountsTotal;

    @Column(name = "accounts_failed")
    public Integer accountsFailed;

    @Column(name = "created_at")
    public Instant createdAt;

    @Column(name = "updated_at")
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
        job.attempts = 0;
        job.createdAt = now;
        job.updatedAt = now;
        return job;
    }

    /** A queued job, or a fetching one whose worker's lease ran out, may be claimed. */
    public boolean claimable(Instant now) {
        return status == RefreshStatus.processing
                || (status == RefreshStatus.fetching && (leaseUntil == null || leaseUntil.isBefore(now)));
    }

    public void claim(String owner, Instant leaseUntil, Instant now) {
        if (!claimable(now)) {
            throw new IllegalStateException("refresh job " + id + " in " + status + " is not claimable");
        }
        this.status = RefreshStatus.fetching;
        this.leaseOwner = owner;
        this.leaseUntil = leaseUntil;
        this.attempts++;
        this.updatedAt = now;
    }

    public boolean heldBy(String owner) {
        return status == RefreshStatus.fetching && owner.equals(leaseOwner);
    }

    /** The end of a job claimed too often without finishing: fetchingFailed, without another fetch. */
    public void giveUp(Instant now) {
        this.status = RefreshStatus.fetchingFailed;
        this.leaseOwner = null;
        this.leaseUntil = null;
        this.updatedAt = now;
    }

    /** The end of a fetch; the outcome decides the final state. */
    public void finish(String owner, FetchOutcome outcome, Instant now) {
        if (!heldBy(owner)) {
            throw new IllegalStateException("refresh job " + id + " is not held by " + owner);
        }
        this.status = outcome.refreshStatus();
        this.accountsTotal = outcome.accountsTotal();
        this.accountsFailed = outcome.accountsFailed();
        this.leaseOwner = null;
        this.leaseUntil = null;
        this.updatedAt = now;
    }
}
