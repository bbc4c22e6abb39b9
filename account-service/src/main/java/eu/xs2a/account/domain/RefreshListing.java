package eu.xs2a.account.domain;

import eu.xs2a.account.aspsp.BankAccount;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.task.Task;
import eu.xs2a.platform.task.TaskHandler;
import eu.xs2a.platform.task.TaskOutcome;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * A refresh's first step (task {@value #TYPE}, subject the refresh job's id): lists the consent's accounts at the
 * bank, stores them and queues one {@link RefreshAccountStep} per account. A bank that cannot be reached is tried
 * again (the runtime's backoff); one that refuses the list ends the refresh fetchingFailed, as does giving up.
 */
@ApplicationScoped
public class RefreshListing implements TaskHandler {

    public static final String TYPE = "account-refresh";

    @Inject RefreshProgress progress;
    @Inject AccountDataFetcher fetcher;

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public TaskOutcome run(Task task) {
        UUID jobId = UUID.fromString(task.subject());
        Optional<RefreshProgress.Listing> listing = progress.startListing(jobId);   // a short transaction
        if (listing.isEmpty()) {
            return TaskOutcome.done();
        }
        List<BankAccount> accounts;
        try {
            accounts = fetcher.accounts(listing.get().providerCode(), listing.get().aspspConsentId()); // no transaction
        } catch (Psd2Exception e) {
            if (RefreshAccountStep.retryable(e)) {
                return TaskOutcome.targetUnreachable(RefreshAccountStep.describe(e));
            }
            progress.listFailed(jobId, RefreshAccountStep.describe(e));
            return TaskOutcome.done();
        }
        progress.listed(jobId, accounts);                                            // a short transaction
        return TaskOutcome.done();
    }

    @Override
    public void givenUp(Task task, String reason) {
        progress.listFailed(UUID.fromString(task.subject()), "given up");
    }
}
