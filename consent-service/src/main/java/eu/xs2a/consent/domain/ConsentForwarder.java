package eu.xs2a.consent.domain;

import eu.xs2a.consent.aspsp.BankConsentPort;
import eu.xs2a.consent.aspsp.BankConsentRegistration;
import eu.xs2a.consent.aspsp.BankConsentRequest;
import eu.xs2a.consent.config.ConsentConfig;
import eu.xs2a.consent.config.PublicUrls;
import eu.xs2a.consent.persistence.AuthorisationRepository;
import eu.xs2a.consent.persistence.ConsentRepository;
import eu.xs2a.security.error.ErrorClass;
import eu.xs2a.security.error.Psd2Exception;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import org.jboss.logging.Logger;

/**
 * Sends consents to the bank, and tells the bank of consents the TPP deleted. A new consent is registered before
 * it is stored ({@link #registerNew}); a stored accepted one is handled in its own transaction with its row locked
 * for the duration of the bank call, so the scaRedirect link and the job (on any replica, FOR UPDATE SKIP LOCKED)
 * never register one consent twice.
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
        return registerAtBank(consent, List.of(authorisation));
    }

    /** Forwards one stored consent now (waits for its row lock). */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public Forwarded forward(String consentId) {
        Consent consent = consents.lock(consentId);
        return new Forwarded(consent == null ? ForwardOutcome.NOT_PENDING : forwardLocked(consent), consent);
    }

    /** One job step: the next due accepted consent that no other replica holds, or NOT_PENDING when none. */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public ForwardOutcome forwardNextDue() {
        List<Consent> due = consents.lockDueForForwarding(clock.instant(), 1);
        return due.isEmpty() ? ForwardOutcome.NOT_PENDING : forwardLocked(due.get(0));
    }

    /**
     * One job step: tells the bank of the next deletion it has not heard of yet.
     *
     * @return false when there was nothing to do
     */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public boolean tellBankOfNextDeletion() {
        List<Consent> pending = consents.lockBankDeletePending(clock.instant(), 1);
        if (pending.isEmpty()) {
            return false;
        }
        tellBankOfDeletion(pending.get(0));
        return true;
    }

    /** Tells the bank of the deletion of a locked consent; on failure it stays pending for the job. */
    @Transactional(Transactional.TxType.MANDATORY)
    public void tellBankOfDeletion(Consent consent) {
        if (!consent.isBankDeletePending()) {
            return;
        }
        try {
            bank.deleteConsent(consent.getProviderCode(), consent.getBankConsentId());
            consent.bankToldOfDeletion();
        } catch (Psd2Exception e) {
            if (e.errorClass() == ErrorClass.SERVICE_INVALID) {
                // the bank refuses (unknown or already final there): nothing more we can tell it
                LOG.warnf("Bank refused the deletion of consent %s; not retried", consent.getId());
                consent.bankToldOfDeletion();
            } else {
                LOG.infof("Bank unreachable for the deletion of consent %s; the job retries", consent.getId());
                // the transaction must still commit the pending flag: the exception stops here
                consent.deferBankDeletion(clock.instant().plus(config.forwardRetryDelay()));
            }
        }
    }

    private ForwardOutcome forwardLocked(Consent consent) {
        if (consent.getStatus() != ConsentStatus.accepted) {
            return ForwardOutcome.NOT_PENDING;
        }
        return registerAtBank(consent, authorisations.ofConsent(consent.getId()));
    }

    private ForwardOutcome registerAtBank(Consent consent, List<ConsentAuthorisation> consentAuthorisations) {
        Instant now = clock.instant();
        try {
            BankConsentRegistration registration = bank.registerConsent(consent.getProviderCode(),
                    request(consent, consentAuthorisations.get(0)));
            consent.registeredAtBank(registration.bankConsentId(), registration.scaUrl(), clock.instant());
            return ForwardOutcome.REGISTERED;
        } catch (Psd2Exception e) {
            if (e.errorClass() == ErrorClass.SERVICE_INVALID) {
                consent.refusedByBank(now);
                consentAuthorisations.forEach(a -> a.abandon(now));
                return ForwardOutcome.REFUSED;
            }
            consent.forwardFailed(now, config.forwardRetryDelay());
            return ForwardOutcome.BANK_UNREACHABLE;
        }
    }

    private BankConsentRequest request(Consent consent, ConsentAuthorisation authorisation) {
        boolean ais = consent.getType() == ConsentType.AIS;
        String returnUrl = urls.scaCallback(consent.getProviderCode(), ais, consent.getId(), authorisation.getId(),
                authorisation.getCallbackState());
        return new BankConsentRequest(consent.getType().name(), consent.getTppId(), consent.getTppName(),
                consent.getAccess(), consent.getAccount(), consent.getCardNumber(),
                // a confirmation-of-funds consent has no end date of its own (it ends by DELETE or revocation)
                (consent.getValidUntil() == null ? ConsentRules.UNLIMITED : consent.getValidUntil()).toString(),
                ais ? consent.isRecurringIndicator() : null, consent.getFrequencyPerDay(), consent.getPsuId(),
                returnUrl);
    }
}
