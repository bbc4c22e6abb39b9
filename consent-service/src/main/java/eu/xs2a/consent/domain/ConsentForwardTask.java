package eu.xs2a.consent.domain;

import eu.xs2a.consent.aspsp.BankConsentPort;
import eu.xs2a.consent.aspsp.BankConsentRegistration;
import eu.xs2a.consent.aspsp.BankConsentRequest;
import eu.xs2a.consent.aspsp.BankFailures;
import eu.xs2a.consent.persistence.AuthorisationRepository;
import eu.xs2a.consent.persistence.ConsentRepository;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.task.ClaimedTask;
import eu.xs2a.platform.task.NewTask;
import eu.xs2a.platform.task.RunResult;
import eu.xs2a.platform.task.Task;
import eu.xs2a.platform.task.TaskHandler;
import eu.xs2a.platform.task.TaskOutcome;
import eu.xs2a.platform.task.TaskQueue;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import org.jboss.logging.Logger;

/**
 * Registers a stored consent at the bank. Every new consent is stored first, with this task (claimed by the creating
 * request) and its kept answer; the creating request then runs the task at once on its own thread ({@link
 * #attemptNow}); the task runtime's poller runs it with backoff when that attempt failed (the bank down or too slow) or
 * the service died during it, and the PSU's scaRedirect link at once ({@link TaskQueue#tryNow}). Read the consent
 * (short transaction; the creating request has it at hand), register it at the bank (no transaction, lock or
 * connection held), apply the answer and end the task (one short transaction, the consent locked): received;
 * rejected when the bank refuses it; a consent that ended meanwhile (the TPP's DELETE does not wait for the bank) is
 * deleted at the bank at once. The consent's id is the registration's idempotency key, so a run again after a crash
 * between the bank's answer and the commit gets the bank's first registration back instead of a second one; one
 * pending task per consent keeps the request, the link and the poller from running it at the same time.
 */
@ApplicationScoped
public class ConsentForwardTask implements TaskHandler {

    public static final String TYPE = "consent-forward";

    private static final Logger LOG = Logger.getLogger(ConsentForwardTask.class);

    /**
     * Set while the creating request runs the task on its own thread ({@link #attemptNow}), to hold what only that
     * request needs: the bank's refusal, which the request answers with, announced ({@link RefusedConsent}) in the
     * transaction that rejects the consent, and the bank's message for the PSU (a decoupled SCA's push went out). The
     * poller's runs find it unset: no request waits for their answer.
     */
    private static final ThreadLocal<RequestAttempt> REQUEST = new ThreadLocal<>();

    /** What the creating request's own run found (see {@link #REQUEST}). */
    private static final class RequestAttempt {
        private Psd2Exception refusal;
        private String psuMessage;
        /** The registration the request asks for, built from the consent it has just stored: no need to read it. */
        private Pending stored;
        /** The consent and its authorisation as the registration left them, so the request need not read them again. */
        private Consent consent;
        private ConsentAuthorisation authorisation;
    }

    /**
     * The consent and its authorisation as the creating request's attempt left them, and the bank's message for the
     * PSU when a decoupled SCA started, else null.
     */
    public record Attempted(Consent consent, ConsentAuthorisation authorisation, String psuMessage) {
    }

    @Inject ConsentRepository consents;
    @Inject AuthorisationRepository authorisations;
    @Inject ConsentForwarder forwarder;
    @Inject BankConsentPort bank;
    @Inject TaskQueue tasks;
    @Inject Clock clock;
    @Inject Event<RefusedConsent> refused;

    /**
     * The task of a consent being stored, enqueued claimed by the creating request in its transaction ({@link
     * TaskQueue#enqueueClaimed}). The request runs it at once; the poller only once its lease has run out, should the
     * request die before or during its attempt.
     */
    public static NewTask of(Consent consent) {
        return NewTask.of(TYPE, consent.getId()).target(consent.getProviderCode());
    }

    /**
     * The creating request's attempt, on its thread, once the transaction that stored the consent and its task has
     * committed. It counts as the task's first attempt: a bank that cannot be reached backs the task off like any other
     * failure, and the poller takes over.
     *
     * @return the consent and its authorisation as they are now: received (registered), or still accepted (the bank not
     *         reached); and the bank's message for the PSU
     * @throws Psd2Exception ServiceInvalid: the bank refused the consent, which is rejected now
     */
    public Attempted attemptNow(ClaimedTask task, Consent consent, ConsentAuthorisation authorisation) {
        String consentId = consent.getId();
        RequestAttempt attempt = new RequestAttempt();
        attempt.stored = new Pending(consent.getProviderCode(), forwarder.request(consent, authorisation));
        REQUEST.set(attempt);
        RunResult result;
        try {
            result = tasks.run(task);
        } finally {
            REQUEST.remove();
        }
        if (attempt.refusal != null) {
            throw attempt.refusal;
        }
        LOG.debugf("Consent %s: registration attempted by the creating request (%s)", consentId, result);
        if (attempt.consent != null) {
            return new Attempted(attempt.consent, attempt.authorisation, attempt.psuMessage);
        }
        return QuarkusTransaction.requiringNew().call(() -> new Attempted(consents.findById(consentId),
                authorisations.ofConsent(consentId).get(0), attempt.psuMessage));
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
        RequestAttempt request = REQUEST.get();
        Pending pending = request != null ? request.stored : QuarkusTransaction.requiringNew().call(() -> {
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
            Psd2Exception answer = request == null ? null
                    : new Psd2Exception(ErrorClass.SERVICE_INVALID, "The bank refused the consent");
            QuarkusTransaction.requiringNew().run(() -> refused(task, answer));
            if (request != null) {
                request.refusal = answer;
            }
            return TaskOutcome.done();
        }
        boolean deletionDue = QuarkusTransaction.requiringNew().call(() -> registered(task, registration, request));
        if (request != null) {
            request.psuMessage = registration.psuMessage();
        }
        if (deletionDue) {
            // the TPP deleted it (or the deadline rejected it) while the bank was registering it: tell the bank now
            RunResult told = tasks.runNow(BankDeletionTask.TYPE, consentId);
            LOG.debugf("Consent %s ended while the bank registered it; its deletion there: %s", consentId, told);
        }
        return TaskOutcome.done();
    }

    /**
     * Rejects a consent the bank refused. {@code answer}: the error the creating request answers with, kept in this
     * transaction ({@link RefusedConsent}) in place of the 201 kept at creation; null on the poller's runs.
     */
    private void refused(Task task, Psd2Exception answer) {
        String consentId = task.subject();
        Consent consent = consents.lock(consentId);
        if (consent.getStatus() == ConsentStatus.accepted) {
            Instant now = clock.instant();
            consent.refusedByBank(now);
            authorisations.ofConsent(consentId).forEach(a -> a.abandon(now));
        }
        if (answer != null) {
            refused.fire(new RefusedConsent(consent, answer));
        }
        tasks.doneHere(task);
    }

    /**
     * @param request the creating request's attempt, which is handed the registered consent, or null
     * @return whether the bank is now to hear that the consent ended
     */
    private boolean registered(Task task, BankConsentRegistration registration, RequestAttempt request) {
        String consentId = task.subject();
        Consent consent = consents.lock(consentId);
        tasks.doneHere(task);
        if (consent.getStatus() != ConsentStatus.accepted && !consent.getStatus().isFinal()) {
            // registered meanwhile by another run: the idempotency key made the bank answer with the same consent
            LOG.debugf("Consent %s is %s already (bank consent %s)", consentId, consent.getStatus(),
                    registration.bankConsentId());
            return false;
        }
        List<ConsentAuthorisation> consentAuthorisations = authorisations.ofConsent(consentId);
        forwarder.registered(consent, consentAuthorisations.get(0), registration);
        if (consent.isBankDeletePending()) {
            tasks.enqueue(BankDeletionTask.of(consent));
            return true;
        }
        if (request != null) {
            request.consent = consent;
            request.authorisation = consentAuthorisations.get(0);
        }
        return false;
    }
}
