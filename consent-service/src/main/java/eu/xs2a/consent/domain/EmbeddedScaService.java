package eu.xs2a.consent.domain;

import eu.xs2a.consent.aspsp.BankConsentPort;
import eu.xs2a.consent.aspsp.BankConsentState;
import eu.xs2a.consent.persistence.AuthorisationRepository;
import eu.xs2a.consent.persistence.ConsentRepository;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.sca.BankSca;
import eu.xs2a.platform.sca.BankScaStep;
import eu.xs2a.platform.sca.PsuDataUpdate;
import eu.xs2a.platform.sca.ScaStatus;
import eu.xs2a.platform.sca.ScaTarget;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Instant;
import org.jboss.logging.Logger;

/**
 * The TPP's steps of an embedded consent authorisation ({@code PUT …/authorisations/{id}}; docs/ARCHITECTURE.md
 * "SCA approaches"): the authorisation's own machine says whether the step may come now (409 STATUS_INVALID, from
 * xs2a-platform's {@code ScaStep}); the bank judges the PSU's input; the authorisation follows the status the bank
 * answered. A step that ends the SCA reads the consent at the bank and applies it as the redirect callback does
 * (valid, partiallyAuthorised after one signatory of several, or rejected). No transaction is open during a bank
 * call. The password and the OTP go to the bank and nowhere else: not into a row, an exception message or a log line.
 */
@ApplicationScoped
public class EmbeddedScaService {

    private static final Logger LOG = Logger.getLogger(EmbeddedScaService.class);
    private static final int RETRY_AFTER_SECONDS = 5;

    @Inject ConsentService consentService;
    @Inject ConsentRepository consents;
    @Inject AuthorisationRepository authorisations;
    @Inject BankConsentPort bank;
    @Inject BankSca sca;
    @Inject Clock clock;

    public ScaStepResult update(String providerCode, String tppId, ConsentType type, String consentId,
                                String authorisationId, PsuDataUpdate update) {
        consentService.requireProvider(providerCode);
        Consent consent = consentService.owned(providerCode, tppId, type, consentId);
        if (consent.getBasketId() != null) {
            throw BankSca.inBasket();
        }
        ConsentAuthorisation authorisation = consentService.findAuthorisation(consent, authorisationId);
        authorisation.requireStep(update.step());
        if (consent.getBankConsentId() == null) {
            // the bank has not registered the consent yet (its forwarding task retries): nothing to authorise there
            throw Psd2Exception.serviceUnavailable("The bank cannot be reached; please send the same step again in a"
                    + " moment", RETRY_AFTER_SECONDS, null).causedByBank();
        }
        // the PSU named at the authorisation's explicit start (a further signatory), else the consent's
        String knownPsu = authorisation.psuId() != null ? authorisation.psuId() : consent.getPsuId();
        BankScaStep answer = sca.take(consent.getProviderCode(), ScaTarget.consent(consent.getBankConsentId()), update,
                knownPsu);
        ScaStatus reached = ScaStatus.fromBank(answer.scaStatus());
        ScaStepResult result = QuarkusTransaction.requiringNew().call(() -> {
            Consent locked = consents.lock(consent.getId());
            ConsentAuthorisation current = authorisations.findById(authorisation.id());
            current.followBank(reached, clock.instant());
            return new ScaStepResult(locked, current, answer);
        });
        if (reached != null && reached.isFinal()) {
            result = applyEnd(result);
        }
        if (answer.error() != null) {
            throw BankSca.refusal(answer.error(), result.authorisation().scaStatus());
        }
        return result;
    }

    /**
     * The step ended the SCA at the bank: the consent follows the bank's view (valid or rejected) as at the redirect
     * callback. When the bank cannot be read now, the consent stays as it is and the next read asks again.
     */
    private ScaStepResult applyEnd(ScaStepResult result) {
        BankConsentState state;
        try {
            state = bank.consentAtBank(result.consent().getProviderCode(), result.consent().getBankConsentId());
        } catch (Psd2Exception e) {
            LOG.infof("Consent %s: the bank ended its SCA but could not be read now (%s); the next read applies it",
                    result.consent().getId(), e.errorClass().text());
            return result;
        }
        return QuarkusTransaction.requiringNew().call(() -> {
            Consent locked = consents.lock(result.consent().getId());
            Instant now = clock.instant();
            consentService.applyBankState(locked, state, now);
            return new ScaStepResult(locked, authorisations.findById(result.authorisation().id()), result.bank());
        });
    }
}
