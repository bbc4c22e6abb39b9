package eu.xs2a.consent.domain;

import eu.xs2a.consent.aspsp.BankConsentPort;
import eu.xs2a.consent.aspsp.BankConsentState;
import eu.xs2a.consent.persistence.AuthorisationRepository;
import eu.xs2a.consent.persistence.ConsentRepository;
import eu.xs2a.platform.SecureTokens;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.sca.BankSca;
import eu.xs2a.platform.sca.ScaStatus;
import eu.xs2a.platform.task.TaskQueue;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Instant;
import org.jboss.logging.Logger;

/**
 * The PSU's side of redirect SCA. The TPP sends the browser to the gateway's one-time scaRedirect link (10
 * minutes), which sends it on to the bank's SCA page; the bank sends it back to the gateway's callback, which
 * asks the bank for the outcome (server to server, never trusting the browser), moves the authorisation and the
 * consent, and returns the TPP's redirect URI (the nok one on a known failure). When the bank cannot tell the
 * outcome, the browser still goes back to the TPP's redirect URI: the TPP reads the status, which asks the bank.
 */
@ApplicationScoped
public class ScaService {

    private static final Logger LOG = Logger.getLogger(ScaService.class);
    private static final int RETRY_AFTER_SECONDS = 5;

    @Inject ConsentRepository consents;
    @Inject AuthorisationRepository authorisations;
    @Inject TaskQueue tasks;
    @Inject ConsentService consentService;
    @Inject BankConsentPort bank;
    @Inject Clock clock;

    /**
     * Spends the one-time link and returns the bank's SCA page for the browser. A consent the bank has not yet
     * registered is forwarded now (its forwarding task, an extra attempt that does not push the task's backoff out);
     * if the bank is still unreachable, or the task is running elsewhere at this moment, the link stays unspent (503,
     * try again).
     */
    public String followRedirectLink(String providerCode, ConsentType type, String consentId, String authorisationId,
                                     String token) {
        String tokenHash = SecureTokens.sha256Hex(token);
        Consent consent = usableLink(providerCode, type, consentId, authorisationId, tokenHash);
        if (consent.getStatus() == ConsentStatus.accepted) {
            tasks.tryNow(ConsentForwardTask.TYPE, consent.getId());
            consent = QuarkusTransaction.requiringNew().call(() -> consents.findById(consentId));
            if (consent.getStatus() == ConsentStatus.accepted) {
                throw Psd2Exception.serviceUnavailable("The bank cannot be reached; please try again in a moment",
                        RETRY_AFTER_SECONDS, null).causedByBank().withTppReturn(tppReturn(consent));
            }
        }
        requireAwaitingSca(consent);
        if (consent.getBasketId() != null) {
            throw BankSca.inBasket().withTppReturn(tppReturn(consent));
        }
        boolean spent = QuarkusTransaction.requiringNew().call(() -> spend(consentId, authorisationId, tokenHash));
        if (!spent) {
            throw invalidLink().withTppReturn(tppReturn(consent));
        }
        return consent.getBankScaUrl();
    }

    /**
     * Answers whether the link would still lead somewhere, without spending it or calling the bank: mail and chat
     * link checkers send HEAD before the PSU clicks, and must not use up the PSU's one chance.
     */
    public void checkRedirectLink(String providerCode, ConsentType type, String consentId, String authorisationId,
                                  String token) {
        Consent consent = usableLink(providerCode, type, consentId, authorisationId, SecureTokens.sha256Hex(token));
        if (consent.getStatus() != ConsentStatus.accepted) {
            requireAwaitingSca(consent);
        }
    }

    private Consent usableLink(String providerCode, ConsentType type, String consentId, String authorisationId,
                               String tokenHash) {
        Link link = QuarkusTransaction.requiringNew().call(() -> findLink(providerCode, type, consentId, authorisationId));
        if (link == null || !link.authorisation().holdsRedirectToken(tokenHash)) {
            throw invalidLink();
        }
        // while the bank has not registered the consent the link leads nowhere yet, so its time does not run: an
        // unused link stays usable, and registering the consent gives it its full validity from then on
        boolean waitingForBank = link.consent().getStatus() == ConsentStatus.accepted;
        if (!(link.authorisation().redirectUsable(clock.instant())
                || waitingForBank && link.authorisation().redirectUnused())) {
            // the token proved the link was the PSU's: the page may lead back to the TPP (never for a wrong token)
            throw invalidLink().withTppReturn(tppReturn(link.consent()));
        }
        return link.consent();
    }

    /** A link to a consent that is past SCA leads nowhere: 404, as a used link (only its holder learns the status). */
    private static void requireAwaitingSca(Consent consent) {
        if (!consent.getStatus().awaitsSca() || consent.getBankScaUrl() == null) {
            throw new Psd2Exception(ErrorClass.RESOURCE_UNKNOWN,
                    "This SCA link leads nowhere: the consent can no longer be authorised (" + consent.getStatus() + ")")
                    .withTppReturn(tppReturn(consent));
        }
    }

    /** Where a PSU's page about a failed step links back to: the TPP's nok URI, else its redirect URI, or null. */
    private static String tppReturn(Consent consent) {
        return new ScaRedirect(consent.getRedirectUri(), consent.getNokRedirectUri(), null).target(false);
    }

    /**
     * The bank sent the browser back. Asks the bank for the outcome and applies it.
     *
     * @return where to send the browser: the TPP's redirect URI after success, the nok URI (else the redirect
     *         URI) after a known failure, the redirect URI when the bank could not tell the outcome (the TPP must
     *         read the status, which asks the bank again); null when the TPP gave none
     */
    public String completeFromCallback(String providerCode, ConsentType type, String consentId,
                                       String authorisationId, String state) {
        Link link = QuarkusTransaction.requiringNew().call(() -> findLink(providerCode, type, consentId, authorisationId));
        if (link == null || !link.authorisation().holdsCallbackState(state)
                || link.consent().getBankConsentId() == null) {
            throw new Psd2Exception(ErrorClass.RESOURCE_UNKNOWN, "Unknown SCA callback");
        }
        // outcome from the bank itself, never from the browser
        BankConsentState bankState;
        try {
            bankState = bank.consentAtBank(providerCode, link.consent().getBankConsentId());
        } catch (Psd2Exception e) {
            // the outcome is unknown, not negative: the consent stays as it is, and the PSU goes back to the TPP,
            // whose status read asks the bank again (a JSON error page would strand the PSU and the TPP both)
            LOG.warnf("SCA callback of consent %s: the bank could not tell the outcome (%s); the PSU is sent to the"
                    + " TPP's redirect URI, the consent stays %s", consentId, e.errorClass().text(),
                    link.consent().getStatus());
            return link.consent().getRedirectUri();
        }
        return QuarkusTransaction.requiringNew().call(() -> {
            Consent consent = consents.lock(consentId);
            Instant now = clock.instant();
            consentService.applyBankState(consent, bankState, now);
            ConsentAuthorisation authorisation = authorisations.findById(authorisationId);
            // one signatory of several (multilevel SCA) did their part: partiallyAuthorised is their success too
            boolean success = authorisation.scaStatus() == ScaStatus.finalised
                    && (consent.getStatus() == ConsentStatus.valid
                    || consent.getStatus() == ConsentStatus.partiallyAuthorised);
            return new ScaRedirect(consent.getRedirectUri(), consent.getNokRedirectUri(), null).target(success);
        });
    }

    private Link findLink(String providerCode, ConsentType type, String consentId, String authorisationId) {
        if (!Ids.fits(consentId) || !Ids.fits(authorisationId)) {
            return null;
        }
        Consent consent = consents.findById(consentId);
        if (consent == null || !consent.getProviderCode().equals(providerCode) || consent.getType() != type) {
            return null;
        }
        return authorisations.findOfConsent(authorisationId, consentId)
                .map(authorisation -> new Link(consent, authorisation))
                .orElse(null);
    }

    private static Psd2Exception invalidLink() {
        return new Psd2Exception(ErrorClass.RESOURCE_UNKNOWN, "This SCA link is unknown, expired or already used");
    }

    /**
     * Spends the one-time link: for exactly one caller, and only while it is unused and not expired (the row is read
     * under a lock, so two browsers racing cannot both pass). The consent's lock first, as every writer of its
     * authorisations takes it: one that read this row before would otherwise write it back unspent.
     */
    private boolean spend(String consentId, String authorisationId, String tokenHash) {
        consents.lock(consentId);
        ConsentAuthorisation authorisation = authorisations.lock(authorisationId).orElse(null);
        Instant now = clock.instant();
        if (authorisation == null || !authorisation.acceptsRedirectToken(tokenHash, now)) {
            return false;
        }
        authorisation.useRedirectToken(now);
        return true;
    }

    private record Link(Consent consent, ConsentAuthorisation authorisation) {
    }
}
