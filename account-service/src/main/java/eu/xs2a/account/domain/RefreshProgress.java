package eu.xs2a.account.domain;

import eu.xs2a.account.aspsp.BankAccount;
import eu.xs2a.account.domain.AccountDataWriter.AccountData;
import eu.xs2a.account.domain.AccountDataWriter.AccountToFetch;
import eu.xs2a.account.persistence.RefreshJobAccountRepository;
import eu.xs2a.account.persistence.RefreshJobRepository;
import eu.xs2a.platform.task.NewTask;
import eu.xs2a.platform.task.TaskQueue;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.jboss.logging.Logger;

/**
 * The short transactions of a refresh's steps, before and after their bank calls (which happen outside, in
 * {@link RefreshListing} and {@link RefreshAccountStep}). Each locks the job first, so that the steps of one refresh
 * record one after the other, and each checks that its work is still to do: a step that runs again (its worker died
 * after this transaction, before the runtime recorded the task done) changes nothing.
 */
@ApplicationScoped
public class RefreshProgress {

    private static final Logger LOG = Logger.getLogger(RefreshProgress.class);

    /** What the listing step needs to ask the bank. */
    public record Listing(UUID jobId, String providerCode, String aspspConsentId) {
    }

    /** What an account's step needs to ask the bank. */
    public record AccountStep(UUID jobId, String providerCode, String aspspConsentId, AccountToFetch account) {
    }

    @Inject RefreshJobRepository jobs;
    @Inject RefreshJobAccountRepository accounts;
    @Inject AccountDataWriter writer;
    @Inject TaskQueue tasks;
    @Inject Clock clock;

    /** The job's listing to do, now fetching; empty when it is listed or over already. */
    @Transactional
    public Optional<Listing> startListing(UUID jobId) {
        return jobs.lock(jobId).filter(job -> !job.status.isFinal() && !job.listed()).map(job -> {
            job.start(clock.instant());
            return new Listing(job.id, job.providerCode, job.aspspConsentId);
        });
    }

    /**
     * Stores the accounts the bank listed (and the consent's cover of them) and queues a step per account, in one
     * transaction: listed and queued, or neither. A consent without accounts is finished at once.
     */
    @Transactional
    public void listed(UUID jobId, List<BankAccount> listed) {
        Optional<RefreshJob> open = jobs.lock(jobId).filter(job -> !job.status.isFinal() && !job.listed());
        if (open.isEmpty()) {
            return;
        }
        RefreshJob job = open.get();
        List<AccountToFetch> toFetch = writer.storeAccounts(job.providerCode, job.tppId, job.consentId, listed);
        for (AccountToFetch account : toFetch) {
            accounts.persist(RefreshJobAccount.of(job.id, account));
            tasks.enqueue(NewTask.of(RefreshAccountStep.TYPE, RefreshAccountStep.subject(job.id, account.accountId()))
                    .target(job.providerCode));
        }
        job.listed(toFetch.size(), clock.instant());
        if (toFetch.isEmpty()) {
            finish(job, 0, 0);
        }
    }

    /** The bank refused the list or the refresh was given up: fetchingFailed, unless it is over already. */
    @Transactional
    public void listFailed(UUID jobId, String reason) {
        jobs.lock(jobId).filter(job -> !job.status.isFinal()).ifPresent(job -> {
            job.finish(FetchOutcome.listFailure(), clock.instant());
            LOG.infof("refresh job %s of consent %s: %s (%s)", job.id, job.consentId, job.status, reason);
        });
    }

    /** An account's step to do; empty when its outcome is recorded or the job is over already. */
    @Transactional
    public Optional<AccountStep> startAccount(UUID jobId, UUID accountId) {
        return jobs.findByIdOptional(jobId).filter(job -> !job.status.isFinal())
                .flatMap(job -> accounts.find(jobId, accountId).filter(RefreshJobAccount::pending)
                        .map(row -> new AccountStep(job.id, job.providerCode, job.aspspConsentId, row.toFetch())));
    }

    /** Stores what the bank answered for the account and records it fetched, in one transaction. */
    @Transactional
    public void accountFetched(AccountStep step, AccountData data) {
        end(step.jobId(), step.account().accountId(), true, () -> writer.storeAccountData(step.providerCode(),
                step.account().accountId(), data));
    }

    /** The bank refused the account, or its step was given up: it counts as failed (partiallyFailed). */
    @Transactional
    public void accountFailed(UUID jobId, UUID accountId) {
        end(jobId, accountId, false, () -> { });
    }

    private void end(UUID jobId, UUID accountId, boolean fetched, Runnable store) {
        Optional<RefreshJob> open = jobs.lock(jobId).filter(job -> !job.status.isFinal());
        Optional<RefreshJobAccount> pending = accounts.find(jobId, accountId).filter(RefreshJobAccount::pending);
        if (open.isEmpty() || pending.isEmpty()) {
            return;
        }
        store.run();
        pending.get().end(fetched);
        List<RefreshJobAccount> all = accounts.ofJob(jobId);
        if (all.stream().noneMatch(RefreshJobAccount::pending)) {
            finish(open.get(), all.size(), (int) all.stream()
                    .filter(row -> RefreshJobAccount.FAILED.equals(row.outcome)).count());
        }
    }

    /** The last step's end: the job's final state, and the consent marked fetched unless nothing could be. */
    private void finish(RefreshJob job, int total, int failed) {
        FetchOutcome outcome = new FetchOutcome(false, total, failed);
        if (outcome.refreshStatus() != RefreshStatus.fetchingFailed) {
            writer.markFetched(job.providerCode, job.tppId, job.consentId, job.aspspConsentId);
        }
        job.finish(outcome, clock.instant());
        LOG.infof("refresh job %s of consent %s: %s", job.id, job.consentId, job.status);
    }
}
