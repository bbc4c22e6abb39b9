package eu.xs2a.consent.domain;

import eu.xs2a.consent.aspsp.BankConsentPort;
import eu.xs2a.consent.aspsp.BankConsentRegistration;
import eu.xs2a.consent.aspsp.BankConsentRequest;
import eu.xs2a.consent.aspsp.BankFailures;
import eu.xs2a.consent.config.ConsentConfig;
import eu.xs2a.consent.config.PublicUrls;
import eu.xs2a.consent.persistence.AuthorisationRepository;
import eu.xs2a.consent.persistence.ConsentRepository;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.jboss.logging.Logger;

/**
 * Sends consents to the bank, and tells the bank of consents the TPP deleted. A new consent is registered before
 * it is stored ({@link #registerNew}); a stored accepted one is handled in its own transaction with its row locked
 * for the duration of the bank call, so the scaRedirect link and the job (on any replica, FOR UPDATE SKIP LOCKED)
 * never register one consent twice. A deletion is different: the bank's DELETE is idempotent, so it is claimed
 * (its next attempt pushed back, with backoff) and committed first, and the bank is called with no transaction, lock
 * or connection held; a conditional update then clears the pending flag. A deletion the bank has not taken within
 * {@code consent.bank-delete-give-up-after} is given up: recorded in the row, logged once at ERROR, not retried.
 */
@ApplicationScoped
public class ConsentForwarder {

    private static final Logger LOG = Logger.getLogger(ConsentForwarder.class);

    private final ConsentRepository consents;
    private final AuthorisationRepository authorisations;
    private final BankConsentPort bank;
    private final PublicUrls urls;
    private final ConsentConfig config;
    private final Clock clock;

    public ConsentForwarder(ConsentRepository consents, AuthorisationRepository authorisations, BankConsentPort bank,
                            PublicUrls urls, ConsentConfig config, Clock clock) {
        this.consents = consents;
        this.authorisations = authorisations;
        this.bank = bank;
        this.urls = urls;
        this.config = config;
        this.clock = clock;
    }

    /** What one forward did, and the consent as that transaction committed it (null when it does not exist). */
    public record Forwarded(ForwardOutcome outcome, Consent consent) {
    }

    /**
     * Registers a consent that is not stored yet, and so known to nobody else: no lock, no transaction, no
     * connection held while the bank answers. The consent and its authorisation come back as the bank left them,
     * ready to be stored.
     */
    public ForwardOutcome registerNew(Consent consent, ConsentAuthorisation authorisation) {
        return registerAtBank(consent, List.of(authorisation), true);
    }

    /**
     * Forwards one stored consent now (waits for its row lock), for the PSU's scaRedirect link. A failure there does
     * not count towards the job's backoff: a PSU reloading the page must not push the job's next try further out.
     */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public Forwarded forward(String consentId) {
        Consent consent = consents.lock(consentId);
        return new Forwarded(consent == null ? ForwardOutcome.NOT_PENDING : forwardLocked(consent, false), consent);
    }

    /**
     * One job step: the next due accepted consent that no other replica holds, of a provider not in
     * {@code skippedProviders}, or NOT_PENDING when none.
     */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public Forwarded forwardNextDue(Set<String> skippedProviders) {
        List<Consent> due = consents.lockDueForForwarding(clock.instant(), skippedProviders, 1);
        return due.isEmpty() ? new Forwarded(ForwardOutcome.NOT_PENDING, null)
                : new Forwarded(forwardLocked(due.get(0), true), due.get(0));
    }

    /**
     * A deletion the bank has not heard of yet, claimed by this caller until its next attempt time.
     *
     * @param since    when the bank was first due to hear of it (the give-up bound counts from here)
     * @param attempts attempts so far, this one included
     */
    public record PendingDeletion(String consentId, String providerCode, String bankConsentId, Instant since,
                                  int attempts) {
    }

    /**
     * What telling the bank of a deletion did: nothing due, sent, deferred (refused, or bank unreachable: tried again
     * later), or given up (refused, or unreachable, past the bound: never tried again).
     */
    public enum DeletionOutcome {
        NONE, SENT, REFUSED, UNREACHABLE, GIVEN_UP_REFUSED, GIVEN_UP_UNREACHABLE;

        /** The bank could not be reached: the job leaves the provider alone for the rest of its run. */
        public boolean bankUnreachable() {
            return this == UNREACHABLE || this == GIVEN_UP_UNREACHABLE;
        }

        public boolean givenUp() {
            return this == GIVEN_UP_REFUSED || this == GIVEN_UP_UNREACHABLE;
        }
    }

    /**
     * One job step: claims the next due deletion no other replica holds (its next attempt pushed back, committed at
     * once), then tells the bank outside any transaction.
     */
    public Deletion tellBankOfNextDeletion(Set<String> skippedProviders) {
        PendingDeletion pending = QuarkusTransaction.requiringNew().call(() -> {
            List<Consent> due = consents.lockBankDeletePending(clock.instant(), skippedProviders, 1);
            return due.isEmpty() ? null : claimDeletion(due.get(0));
        });
        return pending == null ? new Deletion(DeletionOutcome.NONE, null)
                : new Deletion(tellBankOfDeletion(pending), pending.providerCode());
    }

    /** What one deletion step did, and for which provider (null when there was nothing to do). */
    public record Deletion(DeletionOutcome outcome, String providerCode) {
    }

    /**
     * Claims the deletion of a locked consent for the caller: its next attempt is pushed back by the retry delay,
     * doubled per attempt made (at most 32 times), so the job leaves it alone while the caller tries (and picks it up
     * after, should the caller fail or die).
     *
     * @return the deletion to send, or null when the bank has nothing to hear
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public PendingDeletion claimDeletion(Consent consent) {
        if (!consent.isBankDeletePending()) {
            return null;
        }
        consent.bankDeletionAttempted(clock.instant(), config.forwardRetryDelay());
        return new PendingDeletion(consent.getId(), consent.getProviderCode(), consent.getBankConsentId(),
                consent.getBankDeleteSince(), consent.getBankDeleteAttempts());
    }

    /**
     * Tells the bank of a claimed deletion, with no transaction open (no row lock or connection held while the bank
     * answers). Only a success, or the bank no longer holding the consent open (404, 409), clears the pending flag.
     * Any other failure leaves it for the job (with backoff), until {@code consent.bank-delete-give-up-after} has
     * passed since the bank was first due to hear of it: then it is given up.
     */
    public DeletionOutcome tellBankOfDeletion(PendingDeletion deletion) {
        try {
            bank.deleteConsent(deletion.providerCode(), deletion.bankConsentId());
        } catch (Psd2Exception e) {
            String failure = BankFailures.describe(e);
            boolean refused = e.errorClass() == ErrorClass.SERVICE_INVALID;
            if (pastGivingUp(deletion)) {
                giveUp(deletion, failure);
                return refused ? DeletionOutcome.GIVEN_UP_REFUSED : DeletionOutcome.GIVEN_UP_UNREACHABLE;
            }
            LOG.infof("Bank of provider %s did not take the deletion of consent %s (%s; attempt %d); the job retries"
                    + " it", deletion.providerCode(), deletion.consentId(), failure, deletion.attempts());
            return refused ? DeletionOutcome.REFUSED : DeletionOutcome.UNREACHABLE;
        }
        // conditional: a concurrent sender may have cleared it already (the bank's DELETE is idempotent)
        QuarkusTransaction.requiringNew().run(() -> consents.bankDeletionDone(deletion.consentId()));
        return DeletionOutcome.SENT;
    }

    private boolean pastGivingUp(PendingDeletion deletion) {
        // a pending deletion always has its since (constraint consent_bank_delete_since)
        return !clock.instant().isBefore(deletion.since().plus(config.bankDeleteGiveUpAfter()));
    }

    /**
     * Records the deletion as given up in the row (conditional: one done or due anew meanwhile is left alone) and
     * logs it once, at ERROR: the bank may still hold the consent open, and only an operator can settle that.
     */
    private void giveUp(PendingDeletion deletion, String failure) {
        Instant now = clock.instant();
        boolean givenUp = QuarkusTransaction.requiringNew().call(() ->
                consents.bankDeletionGivenUp(deletion.consentId(), deletion.since(), now, failure));
        if (givenUp) {
            LOG.errorf("Consent %s: the bank of provider %s never took its deletion (pending since %s, %d attempt(s),"
                    + " last: %s); given up, the bank may still hold it open. Every such consent:"
                    + " bank_delete_given_up_at is not null (README)", deletion.consentId(), deletion.providerCode(),
                    deletion.since(), deletion.attempts(), failure);
        }
    }

    private ForwardOutcome forwardLocked(Consent consent, boolean countFailure) {
        if (consent.getStatus() != ConsentStatus.accepted) {
            return ForwardOutcome.NOT_PENDING;
        }
        return registerAtBank(consent, authorisations.ofConsent(consent.getId()), countFailure);
    }

    private ForwardOutcome registerAtBank(Consent consent, List<ConsentAuthorisation> consentAuthorisations,
                                          boolean countFailure) {
        Instant now = clock.instant();
        try {
            BankConsentRegistration registration = bank.registerConsent(consent.getProviderCode(),
                    request(consent, consentAuthorisations.get(0)));
            Instant registered = clock.instant();
            consent.registeredAtBank(registration.bankConsentId(), registration.scaUrl(), registered);
            // the link did not lead anywhere while the consent waited for the bank: its time starts now
            consentAuthorisations.forEach(a -> a.renewRedirect(registered.plus(config.scaLinkTtl()), registered));
            return ForwardOutcome.REGISTERED;
        } catch (Psd2Exception e) {
            if (e.errorClass() == ErrorClass.SERVICE_INVALID) {
                consent.refusedByBank(now);
                consentAuthorisations.forEach(a -> a.abandon(now));
                return ForwardOutcome.REFUSED;
            }
            if (countFailure) {
                consent.forwardFailed(now, config.forwardRetryDelay());
            }
            return ForwardOutcome.BANK_UNREACHABLE;
        }
    }

    private BankConsentRequest request(Consent consent, ConsentAuthorisation authorisation) {
        boolean ais = consent.getType() == ConsentType.AIS;
        String returnUrl = urls.scaCallback(consent.getProviderCode(), ais, consent.getId(), authorisation.id(),
                authorisation.callbackState());
        return new BankConsentRequest(consent.getType().name(), consent.getTppId(), consent.getTppName(),
                consent.getAccess(), consent.getAccount(), consent.getCardNumber(),
                // a confirmation-of-funds consent has no end date of its own (it ends by DELETE or revocation)
                (consent.getValidUntil() == null ? ConsentRules.UNLIMITED : consent.getValidUntil()).toString(),
                ais ? consent.isRecurringIndicator() : null, consent.getFrequencyPerDay(), consent.getPsuId(),
                returnUrl);
    }
}
