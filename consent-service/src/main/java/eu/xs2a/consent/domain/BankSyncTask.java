package eu.xs2a.consent.domain;

import eu.xs2a.consent.aspsp.BankConsentPort;
import eu.xs2a.consent.aspsp.BankConsentState;
import eu.xs2a.consent.aspsp.BankFailures;
import eu.xs2a.consent.persistence.ConsentRepository;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.task.NewTask;
import eu.xs2a.platform.task.Task;
import eu.xs2a.platform.task.TaskHandler;
import eu.xs2a.platform.task.TaskOutcome;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Asks the bank for the status of one consent it has not told anything of for {@code consent.bank-sync.stale-after}
 * (enqueued by {@link BankSync}): for banks that cannot send status events, or events that did not get through. Read
 * in a short transaction, the bank called with no transaction or connection held, the answer applied as an event's
 * ({@link BankStatusUpdates}). A bank that cannot be reached is tried again after the runtime's backoff.
 */
@ApplicationScoped
public class BankSyncTask implements TaskHandler {

    public static final String TYPE = "consent-bank-sync";

    @Inject ConsentRepository consents;
    @Inject BankConsentPort bank;
    @Inject BankStatusUpdates updates;

    public static NewTask of(Consent consent) {
        return NewTask.of(TYPE, consent.getId()).target(consent.getProviderCode());
    }

    @Override
    public String type() {
        return TYPE;
    }

    private record Open(String providerCode, String bankConsentId) {
    }

    @Override
    public TaskOutcome run(Task task) {
        Open open = QuarkusTransaction.requiringNew().call(() -> {
            Consent consent = consents.findById(task.subject());
            boolean bankMayChangeIt = consent != null && consent.getBankConsentId() != null
                    && (consent.getStatus() == ConsentStatus.valid
                    || consent.getStatus().awaitsSca() && consent.getStatus() != ConsentStatus.accepted);
            return bankMayChangeIt ? new Open(consent.getProviderCode(), consent.getBankConsentId()) : null;
        });
        if (open == null) {
            return TaskOutcome.done();
        }
        BankConsentState state;
        try {
            state = bank.consentAtBank(open.providerCode(), open.bankConsentId());
        } catch (Psd2Exception e) {
            return TaskOutcome.targetUnreachable(BankFailures.describe(e));
        }
        updates.applyBankView(task.subject(), state);
        return TaskOutcome.done();
    }
}
