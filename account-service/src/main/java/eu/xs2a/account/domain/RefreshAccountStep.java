package eu.xs2a.account.domain;

import eu.xs2a.account.domain.AccountDataWriter.AccountData;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.task.Task;
import eu.xs2a.platform.task.TaskHandler;
import eu.xs2a.platform.task.TaskOutcome;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Optional;
import java.util.UUID;
import org.jboss.logging.Logger;

/**
 * A refresh's step per account (task {@value #TYPE}, subject {@code <job id>/<account id>}): the account's balances
 * and transactions from the bank, stored with the step's outcome in one transaction. The last account's step
 * finishes the refresh. A bank that cannot be reached is tried again (the runtime's backoff); one that refuses the
 * account, or giving up, counts the account failed (partiallyFailed).
 * <p>
 * Lease: a refresh is split into steps (one per account, any number of them), and each step's lease is sized from
 * the bank timeouts of its at most 1 + {@code psd2.account-data.max-bank-pages} calls ({@code RefreshMaxRunCheck}).
 */
@ApplicationScoped
public class RefreshAccountStep implements TaskHandler {

    public static final String TYPE = "account-refresh-account";
    private static final Logger LOG = Logger.getLogger(RefreshAccountStep.class);

    @Inject RefreshProgress progress;
    @Inject AccountDataFetcher fetcher;

    public static String subject(UUID jobId, UUID accountId) {
        return jobId + "/" + accountId;
    }

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public TaskOutcome run(Task task) {
        UUID jobId = jobOf(task);
        UUID accountId = accountOf(task);
        Optional<RefreshProgress.AccountStep> step = progress.startAccount(jobId, accountId); // a short transaction
        if (step.isEmpty()) {
            return TaskOutcome.done();
        }
        AccountData data;
        try {
            data = fetcher.read(step.get().providerCode(), step.get().aspspConsentId(), step.get().account()); // no tx
        } catch (Psd2Exception e) {
            if (retryable(e)) {
                return TaskOutcome.targetUnreachable(describe(e));
            }
            LOG.warnf("refresh job %s: account %s failed: %s", jobId, accountId, describe(e));
            progress.accountFailed(jobId, accountId);
            return TaskOutcome.done();
        }
        progress.accountFetched(step.get(), data);                                           // a short transaction
        return TaskOutcome.done();
    }

    @Override
    public void givenUp(Task task, String reason) {
        progress.accountFailed(jobOf(task), accountOf(task));
    }

    /** The bank could not be reached or was too slow (BankPort's ServiceUnavailable): worth another attempt. */
    static boolean retryable(Psd2Exception e) {
        return e.errorClass() == ErrorClass.SERVICE_UNAVAILABLE;
    }

    /** The reason kept in the task row and logged: the error class and its TPP-facing text, nothing of the data. */
    static String describe(Psd2Exception e) {
        return e.errorClass().text() + ": " + e.getMessage();
    }

    private static UUID jobOf(Task task) {
        return UUID.fromString(task.subject().substring(0, task.subject().indexOf('/')));
    }

    private static UUID accountOf(Task task) {
        return UUID.fromString(task.subject().substring(task.subject().indexOf('/') + 1));
    }
}
