package eu.xs2a.consent.domain;

import eu.xs2a.consent.aspsp.BankConsentRegistration;
import eu.xs2a.consent.aspsp.BankConsentRequest;
import eu.xs2a.platform.sca.ScaApproach;
import eu.xs2a.platform.sca.ScaStatus;
import eu.xs2a.consent.config.ConsentConfig;
import eu.xs2a.consent.config.PublicUrls;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Instant;

/**
 * What registering a stored consent at the bank sends and what the bank's registration changes here; the call itself
 * is {@link ConsentForwardTask}'s, with no transaction, lock or connection held while the bank answers.
 */
@ApplicationScoped
public class ConsentForwarder {

    @Inject PublicUrls urls;
    @Inject ConsentConfig config;
    @Inject Clock clock;

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

    /**
     * The bank's registration request of a consent and its (one) authorisation. The idempotency key is the consent's
     * id: sent again (a retry after a lost answer, a run again after a crash), it gives back the consent the bank
     * registered the first time, never a second one (BANK-API.md "Consents").
     */
    BankConsentRequest request(Consent consent, ConsentAuthorisation authorisation) {
        boolean ais = consent.getType() == ConsentType.AIS;
        String returnUrl = urls.scaCallback(consent.getProviderCode(), ais, consent.getId(), authorisation.id(),
                authorisation.callbackState());
        return new BankConsentRequest(consent.getId(), consent.getType().name(), consent.getTppId(), consent.getTppName(),
                consent.getAccess(), consent.getAccount(), consent.getCardNumber(),
                // a confirmation-of-funds consent has no end date of its own (it ends by DELETE or revocation)
                (consent.getValidUntil() == null ? ConsentRules.UNLIMITED : consent.getValidUntil()).toString(),
                ais ? consent.isRecurringIndicator() : null, consent.getFrequencyPerDay(), consent.getPsuId(),
                // no SCA starts with the registration when the TPP starts it itself (nothing pushed to the PSU's app yet)
                returnUrl, authorisation.scaApproach() == ScaApproach.REDIRECT || authorisation.isExplicitStartPending()
                        ? null : authorisation.scaApproach().name(), consent.psuContext(), consent.getTppBrand());
    }
}
