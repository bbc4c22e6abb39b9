package eu.xs2a.consent.domain;

import eu.xs2a.consent.aspsp.BankConsentPort;
import eu.xs2a.consent.aspsp.BankConsentRegistration;
import eu.xs2a.consent.aspsp.BankConsentRequest;
import eu.xs2a.platform.sca.ScaApproach;
import eu.xs2a.platform.sca.ScaStatus;
import eu.xs2a.consent.aspsp.BankFailures;
import eu.xs2a.consent.config.ConsentConfig;
import eu.xs2a.consent.config.PublicUrls;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Instant;

/**
 * Registers a consent at the bank: the creating request does it before it stores the consent ({@link #registerNew});
 * when the bank cannot be reached then, {@link ConsentForwardTask} does it later with the same request. No
 * transaction, lock or connection is held while the bank answers.
 */
@ApplicationScoped
public class ConsentForwarder {

    private final BankConsentPort bank;
    private final PublicUrls urls;
    private final ConsentConfig config;
    private final Clock clock;

    public ConsentForwarder(BankConsentPort bank, PublicUrls urls, ConsentConfig config, Clock clock) {
        this.bank = bank;
        this.urls = urls;
        this.config = config;
        this.clock = clock;
    }

    /**
     * What the creating request's registration did, why the bank was not reached (null when it was), and the bank's
     * message for the PSU (a decoupled SCA's push went out), else null.
     */
    public record Attempt(ForwardOutcome outcome, String failure, String psuMessage) {

        Attempt(ForwardOutcome outcome, String failure) {
            this(outcome, failure, null);
        }
    }

    /**
     * Registers a consent that is not stored yet, and so known to nobody else. The consent and its authorisation
     * come back as the bank left them, ready to be stored: received, rejected (refused by the bank) or still accepted
     * (the bank not reached: the caller enqueues {@link ConsentForwardTask}).
     */
    public Attempt registerNew(Consent consent, ConsentAuthorisation authorisation) {
        Instant now = clock.instant();
        try {
            BankConsentRegistration registration = bank.registerConsent(consent.getProviderCode(),
                    request(consent, authorisation));
            registered(consent, authorisation, registration);
            return new Attempt(ForwardOutcome.REGISTERED, null, registration.psuMessage());
        } catch (Psd2Exception e) {
            if (e.errorClass() == ErrorClass.SERVICE_INVALID) {
                consent.refusedByBank(now);
                authorisation.abandon(now);
                return new Attempt(ForwardOutcome.REFUSED, null);
            }
            return new Attempt(ForwardOutcome.BANK_UNREACHABLE, BankFailures.describe(e));
        }
    }

    /**
     * Applies the bank's registration: received, and the link's time starts now (it did not lead anywhere while the
     * consent waited for the bank); a consent that ended meanwhile is due for deletion at the bank instead.
     */
    void registered(Consent consent, ConsentAuthorisation authorisation, BankConsentRegistration registration) {
        Instant registered = clock.instant();
        consent.registeredAtBank(registration.bankConsentId(), registration.scaUrl(), registered);
        // a decoupled SCA starts with the registration: the push to the PSU's app went out
        authorisation.followBank(ScaStatus.fromBank(registration.scaStatus()), registered);
        if (consent.getStatus() == ConsentStatus.received) {
            authorisation.renewRedirect(registered.plus(config.scaLinkTtl()), registered);
        }
    }

    /** The bank's registration request of a consent and its (one) authorisation. */
    BankConsentRequest request(Consent consent, ConsentAuthorisation authorisation) {
        boolean ais = consent.getType() == ConsentType.AIS;
        String returnUrl = urls.scaCallback(consent.getProviderCode(), ais, consent.getId(), authorisation.id(),
                authorisation.callbackState());
        return new BankConsentRequest(consent.getId(), consent.getType().name(), consent.getTppId(), consent.getTppName(),
                consent.getAccess(), consent.getAccount(), consent.getCardNumber(),
                // a confirmation-of-funds consent has no end date of its own (it ends by DELETE or revocation)
                (consent.getValidUntil() == null ? ConsentRules.UNLIMITED : consent.getValidUntil()).toString(),
                ais ? consent.isRecurringIndicator() : null, consent.getFrequencyPerDay(), consent.getPsuId(),
                returnUrl, authorisation.scaApproach() == ScaApproach.REDIRECT ? null : authorisation.scaApproach().name());
    }
}
