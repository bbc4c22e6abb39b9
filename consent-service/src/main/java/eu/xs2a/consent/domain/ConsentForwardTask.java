package eu.xs2a.consent.domain;

import eu.xs2a.consent.aspsp.BankConsentPort;
import eu.xs2a.consent.aspsp.BankConsentRegistration;
import eu.xs2a.consent.aspsp.BankConsentRequest;
import eu.xs2a.consent.aspsp.BankFailures;
import eu.xs2a.consent.persistence.AuthorisationRepository;
import eu.xs2a.consent.persistence.ConsentRepository;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.task.NewTask;
import eu.xs2a.platform.task.RunResult;
import eu.xs2a.platform.task.Task;
import eu.xs2a.platform.task.TaskHandler;
import eu.xs2a.platform.task.TaskOutcome;
import eu.xs2a.platform.task.TaskQueue;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import org.jboss.logging.Logger;

/**
 * Registers at the bank a consent the creating request could not (the bank was down or too slow): the task
 * runtime's poller runs it with backoff, the PSU's scaRedirect link at once ({@link TaskQueue#tryNow}). Read the
 * consent (short transaction), register it at the bank (no transaction, lock or connection held), apply the answer
 * (short transaction, the consent locked): received; rejected when the bank refuses it; a consent that ended
 * meanwhile (the TPP's DELETE does not wait for the bank any more) is deleted at the bank at once. One pending task
 * per consent keeps the link and the poller from registering it twice; a crash between the bank's answer and the
 * commit makes the next run register it again, and the first registration, which nobody can authorise, stays at the
 * bank (the bank's registration has no idempotency key).
 */
@ApplicationScoped
public class ConsentForwardTask implements TaskHandler {

    public static final String TYPE = "consent-forward";

    private static final Logger LOG = Logger.getLogger(ConsentForwardTask.class);

    private final ConsentRepository consents;
    private final AuthorisationRepository authorisations;
    private final ConsentForwarder forwarder;
    private final BankConsentPort bank;
    private final TaskQueue tasks;
    private final Clock clock;

    public ConsentForwardTask(ConsentRepository consents, AuthorisationRepository authorisations,
                              ConsentForwarder forwarder, BankConsentPort bank, TaskQueue tasks, Clock clock) {
        this.consents = consents;
        this.authorisations = authorisations;
        this.forwarder = forwarder;
        this.bank = bank;
        this.tasks = tasks;
        this.clock = clock;
    }

    /** The task of a stored consent the creating request could not register (its attempt counts). */
    public static NewTask of(Consent consent, String failure) {
        return NewTask.of(TYPE, consent.getId()).target(consent.getProviderCode()).failedOnce(failure);
    }

    @Override
    public String type() {
        return TYPE;
    }

    private record Pending(String providerCode, BankConsentRequest request) {
    }

    @Override
    public TaskOutcome run(Task task) {
        String consentId = task.subject();
        Pending pending = QuarkusTransaction.requiringNew().call(() -> {
            Consent consent = consents.findById(consentId);
            if (consent == null || consent.getStatus() != ConsentStatus.accepted) {
                return null; // registered, refused or ended meanwhile: nothing left to do
            }
            return new Pending(consent.getProviderCode(),
                    forwarder.request(consent, authorisations.ofConsent(consentId).get(0)));
        });
        if (pending == null) {
            return TaskOutcome.done();
        }
        BankConsentRegistration registration;
        try {
            registration = bank.registerConsent(pending.providerCode(), pending.request());
        } catch (Psd2Exception e) {
            if (e.errorClass() != ErrorClass.SERVICE_INVALID) {
                return TaskOutcome.targetUnreachable(BankFailures.describe(e));
            }
            QuarkusTransaction.requiringNew().run(() -> refused(consentId));
            return TaskOutcome.done();
        }
        boolean deletionDue = QuarkusTransaction.requiringNew().call(() -> registered(consentId, registration));
        if (deletionDue) {
            // the TPP deleted it (or the deadline rejected it) while the bank was registering it: tell the bank now
            RunResult told = tasks.runNow(BankDeletionTask.TYPE, consentId);
            LOG.debugf("Consent %s ended while the bank registered it; its deletion there: %s", consentId, told);
        }
        return TaskOutcome.done();
    }

    private void refused(String consentId) {
        Consent consent = consents.lock(consentId);
        if (consent.getStatus() == ConsentStatus.accepted) {
            Instant now = clock.instant();
            consent.refusedByBank(now);
            authorisations.ofConsent(consentId).forEach(a -> a.abandon(now));
        }
    }

    /** @return whether the bank is now to hear that the consent ended */
    private boolean registered(String consentId, BankConsentRegistration registration) {
        Consent consent = consents.lock(consentId);
        if (consent.getStatus() != ConsentStatus.accepted && !consent.getStatus().isFinal()) {
            LOG.warnf("Consent %s was registered at the bank once more (bank consent %s), while %s here; the extra"
                    + " registration is left at the bank", consentId, registration.bankConsentId(), consent.getStatus());
            return false;
        }
        List<ConsentAuthorisation> consentAuthorisations = authorisations.ofConsent(consentId);
        forwarder.registered(consent, consentAuthorisations.get(0), registration);
        if (consent.isBankDeletePending()) {
            tasks.enqueue(BankDeletionTask.of(consent));
            return true;
        }
        return false;
    }
}
