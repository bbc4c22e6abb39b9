package eu.xs2a.consent.domain;

import eu.xs2a.consent.aspsp.BankConsentPort;
import eu.xs2a.consent.aspsp.BankConsentState;
import eu.xs2a.consent.config.ConsentConfig;
import eu.xs2a.consent.persistence.AuthorisationRepository;
import eu.xs2a.consent.persistence.ConsentRepository;
import eu.xs2a.platform.SecureTokens;
import eu.xs2a.platform.bank.PsuContext;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.notify.NotificationRequest;
import eu.xs2a.platform.provider.ProviderCalendar;
import eu.xs2a.platform.provider.ProviderRegistry;
import eu.xs2a.platform.provider.ProvidersConfig;
import eu.xs2a.platform.sca.ScaApproach;
import eu.xs2a.platform.sca.ScaApproaches;
import eu.xs2a.platform.sca.ScaStatus;
import eu.xs2a.platform.task.ClaimedTask;
import eu.xs2a.platform.task.TaskQueue;
import eu.xs2a.platform.validation.IsoDates;
import eu.xs2a.security.tpp.TppIdentity;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import org.jboss.logging.Logger;

/**
 * The consent use cases of a TPP: create, read, status, authorisations, delete. Every read is scoped to
 * (provider, TPP, consent type): a consent of another TPP, of another provider or of the other type answers
 * exactly like one that never existed (ConsentUnknown).
 *
 * <p>Reads of consents that are waiting for SCA or valid ask the bank for its view first (a PSU may have
 * finished SCA, or revoked the consent at the bank); when the bank cannot be reached the stored view is shown.
 * Transactions are short and never span a bank call. A new consent is stored first, with its kept answer, and then
 * registered at the bank by its task ({@link ConsentForwardTask}); a DELETE commits terminatedByTpp first and tells the bank
 * afterwards ({@link BankDeletionTask}), with no transaction open.
 */
@ApplicationScoped
public class ConsentService {

    private static final Logger LOG = Logger.getLogger(ConsentService.class);
    public static final int MAX_CARD_NUMBER = 35;
    public static final int MAX_CARD_TEXT = 140;

    @Inject ConsentRepository consents;
    @Inject AuthorisationRepository authorisations;
    @Inject ConsentForwardTask forwarding;
    @Inject TaskQueue tasks;
    @Inject BankConsentPort bank;
    @Inject ProviderRegistry providers;
    @Inject ConsentConfig config;
    @Inject Clock clock;
    @Inject ProviderCalendar calendar;
    @Inject Event<CreatedConsent> stored;
    @Inject ScaApproaches approaches;

    // --- create --------------------------------------------------------------------------------------------

    /**
     * The provider of a request, or ResourceUnknown (404). The create endpoints call it before reading headers and
     * body, so that an unknown provider answers 404 whatever else is wrong, as every other endpoint does.
     */
    public ProvidersConfig.Provider requireProvider(String providerCode) {
        return providers.require(providerCode);
    }

    /** A new AIS consent; each field of the request has met its own constraints (api.AisConsentRequest). */
    public CreatedConsent createAis(String providerCode, TppIdentity tpp, NewAisConsent request, ScaRedirect redirect,
                                    ScaPreferences preferences, PsuContext psu, String tppBrand,
                                    NotificationRequest notification) {
        ProvidersConfig.Provider provider = providers.require(providerCode);
        AccountAccess access = request.access().validated(config.maxAccountReferences());
        LocalDate today = calendar.today(providerCode);
        LocalDate validUntil = ConsentRules.effectiveValidUntil(request.validUntil(), today,
                config.defaultValidityDays(), provider.maxConsentValidityDays());
        int frequency = ConsentRules.effectiveFrequencyPerDay(request.frequencyPerDay(),
                request.recurringIndicator(), provider.maxFrequencyPerDay());
        if (Boolean.TRUE.equals(request.combinedServiceIndicator())) {
            // no payment initiation shares a consent's SCA here: saying yes would promise a session we never give
            throw new Psd2Exception(ErrorClass.SESSIONS_NOT_SUPPORTED, "combinedServiceIndicator true is not "
                    + "supported: a consent and a payment are authorised each on its own; send false")
                    .at("combinedServiceIndicator");
        }
        Consent consent = Consent.newAis(SecureTokens.random(SecureTokens.ID_BYTES), providerCode, tpp.tppId(),
                tpp.name(), access,
                request.recurringIndicator(), validUntil, frequency, false, redirect, clock.instant());
        consent.notifyAt(notification);
        consent.fromPsu(psu);
        consent.knownAs(tppBrand);
        // the PSU chooses a bank-offered consent's accounts on the bank's own page: redirect where the bank offers it
        boolean redirectPreferred = preferences.redirectPreferred() || access.bankOffered();
        return create(consent, approaches.choose(providerCode, redirectPreferred, redirect.psuId()),
                preferences.explicitStart());
    }

    /** A new funds consent; each field of the request has met its own constraints (api.FundsConsentRequest). */
    public CreatedConsent createFunds(String providerCode, TppIdentity tpp, NewFundsConsent request,
                                      ScaRedirect redirect, ScaPreferences preferences, PsuContext psu,
                                      NotificationRequest notification) {
        providers.require(providerCode);
        AccountReference account = request.account().validated("account");
        LocalDate cardExpiry = null;
        if (request.cardExpiryDate() != null) {
            cardExpiry = IsoDates.parse("cardExpiryDate", request.cardExpiryDate());
            if (cardExpiry.isBefore(calendar.today(providerCode))) {
                throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "cardExpiryDate " + cardExpiry + " is in the past")
                        .at("cardExpiryDate");
            }
        }
        Consent consent = Consent.newPiis(SecureTokens.random(SecureTokens.ID_BYTES), providerCode, tpp.tppId(),
                tpp.name(), account,
                request.cardNumber(), cardExpiry, request.cardInformation(), request.registrationInformation(),
                redirect, clock.instant());
        consent.notifyAt(notification);
        consent.fromPsu(psu);
        return create(consent, approaches.choose(providerCode, preferences.redirectPreferred(), redirect.psuId()),
                preferences.explicitStart());
    }

    /**
     * Stores the consent (accepted) with its authorisation, its forwarding task and its kept 201 answer in one
     * transaction, then registers it at the bank through that task on this thread ({@link ConsentForwardTask#attemptNow})
     * with no transaction open: received; still accepted when the bank could not be reached (the answer is still 201;
     * the task runtime takes over); rejected when the bank refused it (the TPP gets ServiceInvalid, kept in place of
     * the 201). Storing first means a crash at any point leaves the consent here with an answer for the TPP's retry,
     * and the task registers it at the bank afterwards under its own id as idempotency key: never a consent at the
     * bank that the gateway does not have. A created consent is announced ({@link CreatedConsent}) inside the storing
     * transaction; the answer sent after the bank's registration (received) replaces the kept one (accepted).
     */
    private CreatedConsent create(Consent consent, ScaApproach approach, boolean explicitStart) {
        Instant now = clock.instant();
        String token = SecureTokens.random(SecureTokens.ID_BYTES);
        ConsentAuthorisation authorisation = ConsentAuthorisation.start(SecureTokens.random(SecureTokens.ID_BYTES),
                consent.getId(), approach, SecureTokens.sha256Hex(token), now.plus(config.scaLinkTtl()),
                SecureTokens.random(SecureTokens.ID_BYTES), now);
        if (explicitStart && approach != ScaApproach.REDIRECT) {
            // a redirect authorisation starts with its link; embedded and decoupled ones wait for the TPP's POST
            authorisation.awaitExplicitStart();
        }
        ClaimedTask forward = QuarkusTransaction.requiringNew().call(() -> {
            consents.persist(consent);
            authorisations.persist(authorisation);
            stored.fire(new CreatedConsent(consent, authorisation, token, null));
            return tasks.enqueueClaimed(ConsentForwardTask.of(consent)).orElseThrow(() -> new IllegalStateException(
                    "Consent " + consent.getId() + " has a forwarding task already"));
        });
        ConsentForwardTask.Attempted attempted = forwarding.attemptNow(forward, consent, authorisation);
        LOG.infof("Consent %s (provider %s, TPP %s) created: %s", consent.getId(), consent.getProviderCode(),
                consent.getTppId(), attempted.consent().getStatus());
        return new CreatedConsent(attempted.consent(), attempted.authorisation(), token, attempted.psuMessage());
    }

    // --- reads ---------------------------------------------------------------------------------------------

    /** The consent, refreshed from the bank when its status can still change there. */
    public Consent read(String providerCode, String tppId, ConsentType type, String consentId) {
        providers.require(providerCode);
        Consent consent = owned(providerCode, tppId, type, consentId);
        return refresh(consent);
    }

    public List<ConsentAuthorisation> authorisations(String providerCode, String tppId, ConsentType type,
                                                     String consentId) {
        providers.require(providerCode);
        Consent consent = owned(providerCode, tppId, type, consentId);
        return QuarkusTransaction.requiringNew().call(() -> authorisations.ofConsent(consent.getId())).stream()
                .filter(a -> !a.isExplicitStartPending()).toList();
    }

    /** An authorisation of an owned consent; a non-final one shows the bank's current step. */
    public ConsentAuthorisation authorisation(String providerCode, String tppId, ConsentType type, String consentId,
                                              String authorisationId) {
        providers.require(providerCode);
        Consent consent = owned(providerCode, tppId, type, consentId);
        ConsentAuthorisation authorisation = findAuthorisation(consent, authorisationId);
        if (!authorisation.scaStatus().isFinal()) {
            refresh(consent);
            authorisation = findAuthorisation(consent, authorisationId);
        }
        return authorisation;
    }

    // --- delete --------------------------------------------------------------------------------------------

    /**
     * DELETE: terminatedByTpp from any status; the bank is told now, or by the task runtime if it cannot be reached.
     * The termination and the task that tells the bank ({@link BankDeletionTask}) are committed first; the bank is
     * called afterwards with no transaction open, so a slow bank holds no row lock and no connection. A consent the
     * bank is registering at this moment is terminated at once too: its forwarding task deletes it at the bank when
     * the bank's answer arrives.
     */
    public void terminate(String providerCode, String tppId, ConsentType type, String consentId) {
        providers.require(providerCode);
        if (!Ids.fits(consentId)) {
            throw unknown(consentId);
        }
        boolean tellBank = QuarkusTransaction.requiringNew().call(() -> {
            Consent consent = consents.lockOwned(consentId, providerCode, tppId, type)
                    .orElseThrow(() -> unknown(consentId));
            Instant now = clock.instant();
            consent.terminateByTpp(now);
            authorisations.ofConsent(consent.getId()).forEach(a -> a.abandon(now));
            if (!consent.isBankDeletePending()) {
                return false; // the bank never registered it, or was told already
            }
            tasks.enqueue(BankDeletionTask.of(consent));
            return true;
        });
        if (!tellBank) {
            return;
        }
        // the TPP's DELETE is done; telling the bank must not make it fail
        try {
            tasks.runNow(BankDeletionTask.TYPE, consentId);
        } catch (RuntimeException e) {
            LOG.warnf("Could not tell the bank of the deletion of consent %s now; the task runtime retries: %s",
                    consentId, e);
        }
    }

    // --- the bank's view -----------------------------------------------------------------------------------

    /**
     * Applies the bank's current view to a consent whose status can still change there (waiting for SCA, or
     * valid), and expires a valid consent past validUntil. Returns the consent as stored afterwards.
     */
    public Consent refresh(Consent consent) {
        boolean askBank = consent.getBankConsentId() != null
                && (consent.getStatus().awaitsSca() || consent.getStatus() == ConsentStatus.valid);
        BankConsentState state = null;
        if (askBank) {
            try {
                state = bank.consentAtBank(consent.getProviderCode(), consent.getBankConsentId());
            } catch (Psd2Exception e) {
                LOG.infof("Bank view of consent %s not available (%s); showing the stored one", consent.getId(),
                        e.errorClass().text());
            }
        }
        BankConsentState bankState = state;
        boolean pastValidity = consent.getStatus() == ConsentStatus.valid
                && consent.isPastValidUntil(calendar.today(consent.getProviderCode()));
        if (bankState == null && !pastValidity) {
            return consent;
        }
        return QuarkusTransaction.requiringNew().call(() -> {
            Consent locked = consents.lock(consent.getId());
            Instant now = clock.instant();
            if (bankState != null) {
                applyBankState(locked, bankState, now);
            }
            if (locked.getStatus() == ConsentStatus.valid
                    && locked.isPastValidUntil(calendar.dateOf(locked.getProviderCode(), now))) {
                locked.expire(now);
            }
            return locked;
        });
    }

    /** Moves a locked consent and its authorisations to the bank's view (only along the state machines). */
    void applyBankState(Consent consent, BankConsentState state, Instant now) {
        consent.heardFromBank(now);
        if ("valid".equals(state.status()) && state.access() == null && consent.awaitsBankOfferedGrant()) {
            return; // neither the consent nor its authorisation is done before the bank tells what the PSU granted
        }
        consent.applyBankStatus(state.status(), state.access(), now, calendar.dateOf(consent.getProviderCode(), now));
        ScaStatus sca = ScaStatus.fromBank(state.scaStatus());
        for (ConsentAuthorisation authorisation : authorisations.ofConsent(consent.getId())) {
            authorisation.followBank(sca, now);
            if (consent.getStatus() == ConsentStatus.rejected) {
                authorisation.abandon(now);
            }
        }
    }

    // --- helpers -------------------------------------------------------------------------------------------

    Consent owned(String providerCode, String tppId, ConsentType type, String consentId) {
        if (!Ids.fits(consentId)) {
            throw unknown(consentId);
        }
        return QuarkusTransaction.requiringNew().call(() -> consents.findOwned(consentId, providerCode, tppId, type))
                .orElseThrow(() -> unknown(consentId));
    }

    ConsentAuthorisation findAuthorisation(Consent consent, String authorisationId) {
        if (!Ids.fits(authorisationId)) {
            throw unknownAuthorisation(authorisationId);
        }
        return QuarkusTransaction.requiringNew()
                .call(() -> authorisations.findOfConsent(authorisationId, consent.getId()))
                .filter(a -> !a.isExplicitStartPending())
                .orElseThrow(() -> unknownAuthorisation(authorisationId));
    }

    private static Psd2Exception unknownAuthorisation(String authorisationId) {
        return new Psd2Exception(ErrorClass.RESOURCE_UNKNOWN,
                "Authorisation '" + Ids.shown(authorisationId) + "' is unknown for this consent");
    }

    /** The one answer for a consent that does not exist for this caller (never a hint that it exists). */
    public static Psd2Exception unknown(String consentId) {
        return new Psd2Exception(ErrorClass.CONSENT_UNKNOWN, "Consent '" + Ids.shown(consentId) + "' is unknown");
    }

}
