package eu.xs2a.account.domain;

import eu.xs2a.account.config.AccountDataConfig;
import eu.xs2a.account.persistence.RefreshJobRepository;
import eu.xs2a.platform.error.Psd2Exception;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.jboss.logging.Logger;

/**
 * Runs refresh jobs. Each poll claims the oldest claimable job (FOR UPDATE SKIP LOCKED, so replicas never take the
 * same one), holds it with a lease renewed between accounts, and finishes it only while still holding the lease.
 * A job whose worker stopped (restart, crash) keeps its row in {@code fetching}; once the lease has run out the next
 * poll, here or on another replica, runs it again — re-fetching is harmless because the store upserts.
 */
@ApplicationScoped
public class RefreshWorker {

    private static final Logger LOG = Logger.getLogger(RefreshWorker.class);

    /** Thrown from the heartbeat when another worker has taken the job over: this one must stop writing. */
    static final class LeaseLost extends RuntimeException {
        LeaseLost() {
            super("lease lost", null, false, false);
        }
    }

    private record Claimed(UUID id, String providerCode, String tppId, String consentId, String aspspConsentId) {
    }

    private final String owner = "worker-" + UUID.randomUUID();
    private final RefreshJobRepository jobs;
    private final AccountDataFetcher fetcher;
    private final Duration lease;
    private final int maxAttempts;
    private final Clock clock;
    private volatile boolean stopping;

    public RefreshWorker(RefreshJobRepository jobs, AccountDataFetcher fetcher, AccountDataConfig config,
                         Clock clock) {
        this.jobs = jobs;
        this.clock = clock;
        this.fetcher = fetcher;
        this.lease = config.refresh().lease();
        this.maxAttempts = config.refresh().maxAttempts();
    }

    void onStop(@Observes ShutdownEvent event) {
        stopping = true;
    }

    @Scheduled(every = "{psd2.account-data.refresh.poll-every}", delayed = "{psd2.account-data.refresh.initial-delay}",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP,
            identity = "refresh-worker")
    void poll() {
        while (!stopping && runOne()) {
            // keep going while there is work
        }
    }

    /** Claims and runs one job (or gives up one claimed too often); false when there was none. */
    boolean runOne() {
        Optional<RefreshJob> next = QuarkusTransaction.requiringNew().call(() -> {
            Instant now = clock.instant();
            Optional<RefreshJob> job = jobs.lockNextClaimable(now);
            job.ifPresent(j -> {
                if (j.attempts >= maxAttempts) {
                    LOG.warnf("refresh job %s of consent %s: fetchingFailed after %d attempts that did not finish",
                            j.id, j.consentId, j.attempts);
                    j.giveUp(now);
                } else {
                    j.claim(owner, now.plus(lease), now);
                }
            });
            return job;
        });
        next.filter(job -> job.heldBy(owner))
                .map(job -> new Claimed(job.id, job.providerCode, job.tppId, job.consentId, job.aspspConsentId))
                .ifPresent(this::run);
        return next.isPresent();
    }

    private void run(Claimed job) {
        FetchOutcome outcome;
        try {
            outcome = fetcher.fetch(job.providerCode(), job.tppId(), job.consentId(), job.aspspConsentId(),
                    false, () -> heartbeat(job.id()));
        } catch (LeaseLost e) {
            LOG.warnf("refresh job %s was taken over by another worker", job.id());
            return;
        } catch (Psd2Exception e) {
            LOG.warnf("refresh job %s failed: %s %s", job.id(), e.errorClass().text(), e.getMessage());
            outcome = FetchOutcome.listFailure();
        } catch (RuntimeException e) {
            LOG.errorf(e, "refresh job %s failed", job.id());
            outcome = FetchOutcome.listFailure();
        }
        FetchOutcome result = outcome;
        QuarkusTransaction.requiringNew().run(() -> {
            RefreshJob row = jobs.findById(job.id(), jakarta.persistence.LockModeType.PESSIMISTIC_WRITE);
            if (row != null && row.heldBy(owner)) {
                row.finish(owner, result, clock.instant());
            }
        });
        LOG.infof("refresh job %s of consent %s: %s", job.id(), job.consentId(), result.refreshStatus());
    }

    private void heartbeat(UUID id) {
        Instant now = clock.instant();
        boolean held = QuarkusTransaction.requiringNew().call(() -> jobs.heartbeat(id, owner, now.plus(lease), now));
        if (!held) {
            throw new LeaseLost();
        }
    }
}
