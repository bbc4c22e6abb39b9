package eu.xs2a.consent.domain;

import eu.xs2a.consent.aspsp.BankConsentPort;
import eu.xs2a.consent.aspsp.BankFailures;
import eu.xs2a.consent.persistence.ConsentRepository;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.task.NewTask;
import eu.xs2a.platform.task.Task;
import eu.xs2a.platform.task.TaskHandler;
import eu.xs2a.platform.task.TaskOutcome;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Tells the bank that a consent it registered has ended here (the TPP's DELETE, the SCA deadline, a consent deleted
 * while the bank registered it), enqueued with that change whenever {@link Consent#isBankDeletePending()}. The
 * DELETE runs it at once, the poller retries it with backoff. The bank's DELETE is idempotent, so a repeated run is
 * harmless; only a success, or the bank no longer holding the consent open (404, 409), clears the pending flag. A
 * bank that keeps refusing it, or stays unreachable, for {@code psd2.tasks.type.consent-bank-delete.give-up-after}
 * (72 h) gets no more attempts: the task is given up (one ERROR line, the reason in its row; README "Deletions the
 * bank never took") and the flag cleared, though the bank may still hold the consent open.
 */
@ApplicationScoped
public class BankDeletionTask implements TaskHandler {

    public static final String TYPE = "consent-bank-delete";

    @Inject ConsentRepository consents;
    @Inject BankConsentPort bank;

    /** The task that tells the bank of a consent's end (enqueue it when the consent's bank deletion is pending). */
    public static NewTask of(Consent consent) {
        return NewTask.of(TYPE, consent.getId()).target(consent.getProviderCode());
    }

    @Override
    public String type() {
        return TYPE;
    }

    private record Pending(String providerCode, String bankConsentId) {
    }

    @Override
    public TaskOutcome run(Task task) {
        Pending pending = QuarkusTransaction.requiringNew().call(() -> {
            Consent consent = consents.findById(task.subject());
            return consent == null || !consent.isBankDeletePending() ? null
                    : new Pending(consent.getProviderCode(), consent.getBankConsentId());
        });
        if (pending == null) {
            return TaskOutcome.done();
        }
        try {
            bank.deleteConsent(pending.providerCode(), pending.bankConsentId());
        } catch (Psd2Exception e) {
            String failure = BankFailures.describe(e);
            // refused (a 4xx the bank means): retried all the same, in case it is the bank's passing mistake
            return e.errorClass() == ErrorClass.SERVICE_INVALID ? TaskOutcome.retry(failure)
                    : TaskOutcome.targetUnreachable(failure);
        }
        // conditional: a concurrent sender may have cleared it already
        QuarkusTransaction.requiringNew().run(() -> consents.bankDeletionDone(task.subject()));
        return TaskOutcome.done();
    }

    /** No more attempts: the consent no longer waits for the bank (the task's row keeps when and why). */
    @Override
    public void givenUp(Task task, String reason) {
        consents.bankDeletionDone(task.subject());
    }
}
