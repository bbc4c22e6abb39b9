package eu.xs2a.account.domain;

import eu.xs2a.account.consent.ConsentCheckRequest;
import eu.xs2a.account.consent.ConsentCheckResult;
import eu.xs2a.account.consent.ConsentLookup;
import eu.xs2a.account.persistence.RefreshJobRepository;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.task.NewTask;
import eu.xs2a.platform.task.TaskQueue;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import org.hibernate.exception.ConstraintViolationException;

/**
 * Starts refresh jobs and reports their status. A job is queued with its first task ({@link RefreshListing}) in one
 * transaction, so a crash loses neither; the task runtime runs it. An unattended refresh
 * ({@code initiatedByCustomer: false}) is an access without the PSU and is counted by the lookup like an accounts
 * read without PSU-IP-Address.
 */
@ApplicationScoped
public class RefreshService {

    @Inject ConsentLookup lookup;
    @Inject RefreshJobRepository jobs;
    @Inject TaskQueue tasks;
    @Inject Clock clock;

    public RefreshStatus start(CallContext ctx, boolean initiatedByCustomer) {
        // in a transaction of its own, whose end gives the connection back before the lookup below: read outside
        // one, forty refreshes at once ran the pool dry, each holding one and waiting for the queue's transaction's
        // (ConsentLookupFailuresTest)
        if (QuarkusTransaction.requiringNew().call(() -> jobs.running(ctx.providerCode(), ctx.tppId(),
                ctx.consentId()))) {
            throw alreadyRunning();
        }
        ConsentCheckResult check = lookup.check(new ConsentCheckRequest(ctx.providerCode(), ctx.tppId(),
                ctx.consentId(), AccountReads.AIS, "accounts", null, initiatedByCustomer));
        try {
            return queue(ctx, check.aspspConsentId(), initiatedByCustomer);
        } catch (RuntimeException e) {
            if (isUniqueViolation(e)) {
                // another request (maybe on another replica) queued one between our check and our insert
                throw alreadyRunning();
            }
            throw e;
        }
    }

    private RefreshStatus queue(CallContext ctx, String aspspConsentId, boolean initiatedByCustomer) {
        return QuarkusTransaction.requiringNew().call(() -> {
            RefreshJob job = RefreshJob.queue(ctx.providerCode(), ctx.tppId(), ctx.consentId(), aspspConsentId,
                    initiatedByCustomer, clock.instant());
            jobs.persistAndFlush(job);
            tasks.enqueue(NewTask.of(RefreshListing.TYPE, job.id.toString()).target(job.providerCode));
            return job.status;
        });
    }

    /** The consent's latest refresh. The consent is checked but the poll is not counted (it reads no account data). */
    public RefreshStatus status(CallContext ctx) {
        lookup.check(new ConsentCheckRequest(ctx.providerCode(), ctx.tppId(), ctx.consentId(), AccountReads.AIS,
                "accounts", null, true));
        return jobs.latest(ctx.providerCode(), ctx.tppId(), ctx.consentId())
                .map(job -> job.status)
                .orElse(RefreshStatus.notInitiated);
    }

    private static Psd2Exception alreadyRunning() {
        return new Psd2Exception(ErrorClass.ACTION_NOT_ALLOWED, "A refresh of this consent's data is already running");
    }

    private static boolean isUniqueViolation(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof ConstraintViolationException) {
                return true;
            }
            if (t instanceof java.sql.SQLException sql && "23505".equals(sql.getSQLState())) {
                return true;
            }
        }
        return false;
    }
}
