package eu.xs2a.consent.domain;

import eu.xs2a.consent.config.ConsentConfig;
import eu.xs2a.consent.persistence.AuthorisationRepository;
import eu.xs2a.consent.persistence.ConsentRepository;
import eu.xs2a.platform.SecureTokens;
import eu.xs2a.platform.bank.PsuContext;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.notify.NotificationRequest;
import eu.xs2a.platform.sca.BankSca;
import eu.xs2a.platform.sca.BankScaStep;
import eu.xs2a.platform.sca.PsuDataUpdate;
import eu.xs2a.platform.sca.ScaApproach;
import eu.xs2a.platform.sca.ScaStatus;
import eu.xs2a.platform.sca.ScaTarget;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Instant;

/**
 * Explicit start of a consent authorisation ({@code POST …/authorisations}; docs/ARCHITECTURE.md "SCA approaches"):
 * a new authorisation of the consent's approach, embedded or decoupled, while the consent awaits SCA. The bank has one
 * SCA per consent, so it starts that again and the gateway ends the consent's open authorisations ({@code failed}).
 * With psuData the new authorisation takes the password at once, as its first PUT would. The PSU-ID it was started
 * with is its PSU's (multilevel SCA: each signatory starts their own, and the consent's PSU is only the first). A
 * redirect consent's authorisation starts with the consent (its link), so a POST there is 409 STATUS_INVALID.
 * TPP-Notification-URI on the start replaces the consent's notification wishes (docs/ARCHITECTURE.md
 * "Notifications"), before the new authorisation's first change is notified.
 */
@ApplicationScoped
public class AuthorisationStart {

    private static final int RETRY_AFTER_SECONDS = 5;

    @Inject ConsentService consentService;
    @Inject EmbeddedScaService embedded;
    @Inject ConsentRepository consents;
    @Inject AuthorisationRepository authorisations;
    @Inject BankSca bank;
    @Inject ConsentConfig config;
    @Inject Clock clock;

    /**
     * @param psuId    PSU-ID of the request, or null (then the consent's)
     * @param password psuData.password, or null for an empty body
     * @param notification the start's notification headers ({@link NotificationRequest#NONE} without them)
     * @param psuContext   the PSU's context of the request, passed on to the bank with the new SCA
     */
    public ScaStepResult start(String providerCode, String tppId, ConsentType type, String consentId, String psuId,
                               String password, NotificationRequest notification, PsuContext psuContext) {
        consentService.requireProvider(providerCode);
        Consent consent = consentService.owned(providerCode, tppId, type, consentId);
        if (consent.getBasketId() != null) {
            throw BankSca.inBasket();
        }
        ScaApproach approach = QuarkusTransaction.requiringNew().call(() -> authorisations.ofConsent(consent.getId()))
                .stream().findFirst().map(ConsentAuthorisation::scaApproach).orElse(ScaApproach.REDIRECT);
        if (!consent.getStatus().awaitsSca()) {
            throw new Psd2Exception(ErrorClass.STATUS_INVALID, "The consent is " + consent.getStatus()
                    + ": it awaits no authorisation");
        }
        if (approach == ScaApproach.REDIRECT) {
            throw new Psd2Exception(ErrorClass.STATUS_INVALID, "This consent is authorised by redirect: its"
                    + " authorisation started with it (scaRedirect)");
        }
        if (consent.getBankConsentId() == null) {
            throw Psd2Exception.serviceUnavailable("The bank cannot be reached; please try again in a moment",
                    RETRY_AFTER_SECONDS, null).causedByBank();
        }
        String psu = psuId != null ? psuId : consent.getPsuId();
        BankScaStep restarted = bank.start(providerCode, ScaTarget.consent(consent.getBankConsentId()), approach, psu,
                password != null, psuContext);
        ScaStepResult started = QuarkusTransaction.requiringNew().call(() -> {
            Consent locked = consents.lock(consent.getId());
            Instant now = clock.instant();
            if (!locked.getStatus().awaitsSca()) {
                throw new Psd2Exception(ErrorClass.STATUS_INVALID, "The consent is " + locked.getStatus()
                        + ": it awaits no authorisation");
            }
            locked.notifyAt(notification);
            consents.flush(); // the new wishes are the consent's row before any change below is notified
            authorisations.ofConsent(locked.getId()).forEach(a -> a.abandon(now));
            ConsentAuthorisation authorisation = ConsentAuthorisation.start(SecureTokens.random(SecureTokens.ID_BYTES),
                    locked.getId(), approach, SecureTokens.sha256Hex(SecureTokens.random(SecureTokens.ID_BYTES)),
                    now.plus(config.scaLinkTtl()), SecureTokens.random(SecureTokens.ID_BYTES), now);
            authorisation.startedFor(psuId);
            authorisation.followBank(ScaStatus.fromBank(restarted.scaStatus()), now);
            authorisations.persist(authorisation);
            return new ScaStepResult(locked, authorisation, restarted);
        });
        if (password == null) {
            return started;
        }
        return embedded.update(providerCode, tppId, type, consentId, started.authorisation().id(),
                PsuDataUpdate.authentication(psuId, password, psuContext));
    }
}
