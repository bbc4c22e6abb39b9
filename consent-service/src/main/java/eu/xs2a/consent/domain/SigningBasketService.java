package eu.xs2a.consent.domain;

import eu.xs2a.consent.aspsp.BankBasketApi;
import eu.xs2a.consent.aspsp.BankBaskets;
import eu.xs2a.consent.config.ConsentConfig;
import eu.xs2a.consent.config.PublicUrls;
import eu.xs2a.consent.persistence.ConsentRepository;
import eu.xs2a.consent.persistence.SigningBasketRepository;
import eu.xs2a.platform.SecureTokens;
import eu.xs2a.platform.bank.PsuContext;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.notify.NotificationRequest;
import eu.xs2a.platform.provider.ProviderRegistry;
import eu.xs2a.platform.provider.ProvidersConfig;
import eu.xs2a.platform.sca.ScaApproach;
import eu.xs2a.platform.sca.ScaApproaches;
import eu.xs2a.platform.sca.ScaStatus;
import eu.xs2a.platform.task.TaskConfig;
import eu.xs2a.platform.task.TaskQueue;
import eu.xs2a.security.tpp.TppIdentity;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import org.jboss.logging.Logger;

/**
 * Signing baskets (docs/ARCHITECTURE.md "Signing baskets"): a TPP's payments and consents that the PSU authorises
 * with one SCA. consent-service owns the basket, its consents' membership and its authorisation; the bank registers
 * it with its members and judges the payments (which consent-service does not know: payment-service's own ids are
 * the bank's idempotency keys), runs the one SCA on its pages, and authorises every member when it is finalised.
 * payment-service learns of its payments' authorisation from the bank's status events, as for any payment; the
 * consents here from the same events, and at the basket's callback. Transactions are short and never span a bank
 * call.
 */
@ApplicationScoped
public class SigningBasketService {

    private static final Logger LOG = Logger.getLogger(SigningBasketService.class);
    /** The most members one basket takes (the bank's limit too). */
    public static final int MAX_MEMBERS = 50;

    /**
     * A new basket with its authorisation (started with it), the authorisation's one-time redirect token (used only
     * by a redirect one) and the bank's message of a decoupled push (else null).
     */
    public record CreatedBasket(SigningBasket basket, BasketAuthorisation authorisation, String redirectToken,
                                String psuMessage) {
    }

    @Inject SigningBasketRepository baskets;
    @Inject ConsentRepository consents;
    @Inject ConsentService consentService;
    @Inject BankBaskets bank;
    @Inject ProviderRegistry providers;
    @Inject ScaApproaches approaches;
    @Inject ConsentConfig config;
    @Inject PublicUrls urls;
    @Inject Clock clock;
    @Inject TaskQueue tasks;
    @Inject TaskConfig taskConfig;

    // --- create --------------------------------------------------------------------------------------------

    /**
     * Chooses the basket's SCA approach as a consent's (the bank asked for the PSU's methods, outside any
     * transaction, unless redirect is preferred), stores the basket with its consents joined, its authorisation and
     * the TPP's notification wishes, registers it at the bank (no transaction open; a decoupled one pushes to the
     * PSU's app at once), and keeps the bank's id, SCA page and the authorisation's first step. A refusal by the bank
     * (a payment unknown for this TPP, authorised, or in another basket) or a bank that cannot be reached undoes the
     * basket: its consents are free again, and the TPP gets the bank's refusal ({@code BankBaskets}) or
     * ServiceUnavailable. A registration the bank took but whose answer never arrived, or was never recorded, is
     * withdrawn from the bank by the basket's {@link BasketWithdrawalTask}, stored with it.
     */
    public CreatedBasket create(String providerCode, TppIdentity tpp, List<String> paymentIds, List<String> consentIds,
                                ScaRedirect redirect, boolean redirectPreferred, PsuContext psu,
                                NotificationRequest notification) {
        providers.require(providerCode);
        requireMembers(paymentIds, consentIds);
        // ServiceInvalid when none of the provider's approaches fits the PSU
        ScaApproach approach = approaches.choose(providerCode, redirectPreferred, redirect.psuId());
        if (approach == ScaApproach.REDIRECT && redirect.redirectUri() == null) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "TPP-Redirect-URI is required: this signing basket is"
                    + " authorised by redirect");
        }
        Instant now = clock.instant();
        String token = SecureTokens.random(SecureTokens.ID_BYTES);
        SigningBasket basket = new SigningBasket(SecureTokens.random(SecureTokens.ID_BYTES), providerCode,
                tpp.tppId(), tpp.name(), paymentIds, consentIds, redirect, now);
        basket.notifyAt(notification);
        basket.fromPsu(psu);
        BasketAuthorisation authorisation = new BasketAuthorisation(SecureTokens.random(SecureTokens.ID_BYTES),
                basket.getId(), approach, SecureTokens.sha256Hex(token), now.plus(config.scaLinkTtl()),
                SecureTokens.random(SecureTokens.ID_BYTES), now);
        List<String> bankConsentIds = QuarkusTransaction.requiringNew().call(() -> {
            List<String> ids = new ArrayList<>();
            for (String consentId : consentIds) {
                Consent consent = baskets.lockConsentOwned(consentId, providerCode, tpp.tppId())
                        .orElseThrow(() -> new Psd2Exception(ErrorClass.REFERENCE_UNKNOWN,
                                "Consent '" + Ids.shown(consentId) + "' is unknown"));
                requireJoinable(consent);
                ids.add(consent.getBankConsentId());
            }
            baskets.persist(basket);
            baskets.persistAuthorisation(authorisation);
            baskets.flush();
            // the bank's copy is withdrawn should the registration's answer never be recorded: due once the call
            // below is surely over (its timeouts, and a lease for the pause of a busy machine)
            ProvidersConfig.Provider provider = providers.require(providerCode);
            tasks.enqueue(BasketWithdrawalTask.of(basket.getId(), providerCode, now.plus(provider.connectTimeout())
                    .plus(provider.readTimeout()).plus(taskConfig.lease(BasketWithdrawalTask.TYPE))));
            for (String consentId : consentIds) {
                consents.findById(consentId).joinBasket(basket.getId());
            }
            return ids;
        });
        BankBasketApi.Registered registered;
        try {
            registered = bank.register(providerCode, new BankBasketApi.Registration(basket.getId(), tpp.tppId(),
                    tpp.name(), paymentIds, bankConsentIds, redirect.psuId(),
                    urls.basketScaCallback(providerCode, basket.getId(), authorisation.id(),
                            authorisation.callbackState()), approach.name(), basket.psuContext()));
        } catch (Psd2Exception refused) {
            QuarkusTransaction.requiringNew().run(() -> undo(basket.getId()));
            throw refused;
        }
        QuarkusTransaction.requiringNew().run(() -> baskets.lock(basket.getId())
                .registeredAtBank(registered.bankBasketId(), registered.scaUrl(), clock.instant()));
        // the registration's answer is the bank's first view: a decoupled push is scaMethodSelected already, and a
        // PSU who may not approve every member ends it at once (RJCT, the members rejected)
        SigningBasket stored = apply(basket.getId(), new BankBasketApi.State(registered.bankBasketId(),
                registered.transactionStatus(), registered.scaStatus(), null, null));
        CreatedBasket created = new CreatedBasket(stored, QuarkusTransaction.requiringNew().call(() ->
                baskets.findAuthorisation(authorisation.id(), basket.getId()).orElseThrow()), token,
                registered.psuMessage());
        LOG.infof("Signing basket %s (provider %s, TPP %s, %s) created: %d payments, %d consents", basket.getId(),
                providerCode, tpp.tppId(), approach, paymentIds.size(), consentIds.size());
        return created;
    }

    private static void requireMembers(List<String> paymentIds, List<String> consentIds) {
        int members = paymentIds.size() + consentIds.size();
        if (members == 0) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR,
                    "A signing basket needs at least one entry in paymentIds or consentIds");
        }
        if (members > MAX_MEMBERS) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "A signing basket holds at most " + MAX_MEMBERS
                    + " payments and consents");
        }
        for (String field : List.of("paymentIds", "consentIds")) {
            List<String> ids = "paymentIds".equals(field) ? paymentIds : consentIds;
            if (new HashSet<>(ids).size() < ids.size()) {
                throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "A payment or consent is named twice").at(field);
            }
            for (int i = 0; i < ids.size(); i++) {
                String id = ids.get(i);
                if (id == null || id.isBlank() || !Ids.fits(id)) {
                    throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "'" + Ids.shown(id) + "' is not a resource id")
                            .at(field + "[" + i + "]");
                }
            }
        }
    }

    /** A consent may join a basket while it awaits its first authorisation at the bank, in no other basket. */
    private static void requireJoinable(Consent consent) {
        if (consent.getStatus() != ConsentStatus.received) {
            throw new Psd2Exception(ErrorClass.REFERENCE_STATUS_INVALID, "Consent '" + consent.getId() + "' is "
                    + consent.getStatus() + ": only a consent that awaits its authorisation (received) can be put in"
                    + " a signing basket");
        }
        if (consent.getBasketId() != null) {
            throw new Psd2Exception(ErrorClass.RESOURCE_BLOCKED,
                    "Consent '" + consent.getId() + "' is in another signing basket");
        }
    }

    /** The basket the bank did not take: gone, its consents free again. In the caller's transaction. */
    void undo(String basketId) {
        baskets.lockMembers(basketId).forEach(Consent::leaveBasket);
        baskets.authorisationsOf(basketId).forEach(a -> baskets.getEntityManager().remove(a));
        baskets.flush(); // the consents no longer point at it before it goes
        baskets.delete(baskets.findById(basketId));
    }

    // --- reads ---------------------------------------------------------------------------------------------

    /** The basket, refreshed from the bank while it awaits its SCA. */
    public SigningBasket read(String providerCode, String tppId, String basketId) {
        providers.require(providerCode);
        return refresh(owned(providerCode, tppId, basketId));
    }

    public List<BasketAuthorisation> authorisations(String providerCode, String tppId, String basketId) {
        providers.require(providerCode);
        SigningBasket basket = owned(providerCode, tppId, basketId);
        return QuarkusTransaction.requiringNew().call(() -> baskets.authorisationsOf(basket.getId()));
    }

    /** An authorisation of an owned basket; an open one shows the bank's current step. */
    public BasketAuthorisation authorisation(String providerCode, String tppId, String basketId,
                                             String authorisationId) {
        providers.require(providerCode);
        SigningBasket basket = owned(providerCode, tppId, basketId);
        BasketAuthorisation authorisation = findAuthorisation(basket, authorisationId);
        if (!authorisation.scaStatus().isFinal()) {
            refresh(basket);
            authorisation = findAuthorisation(basket, authorisationId);
        }
        return authorisation;
    }

    // --- delete --------------------------------------------------------------------------------------------

    /**
     * DELETE: only before the basket is authorised (409 STATUS_INVALID after). The bank withdraws it first (its
     * payments free to be authorised alone again), then the basket is CANC here and its consents free too.
     */
    public void delete(String providerCode, String tppId, String basketId) {
        providers.require(providerCode);
        SigningBasket basket = refresh(owned(providerCode, tppId, basketId));
        if (basket.getTransactionStatus() != SigningBasket.Status.RCVD || basket.getBankBasketId() == null) {
            throw new Psd2Exception(ErrorClass.STATUS_INVALID, "The signing basket is "
                    + basket.getTransactionStatus() + ": it can no longer be deleted");
        }
        bank.delete(providerCode, basket.getBankBasketId());
        QuarkusTransaction.requiringNew().run(() -> {
            SigningBasket locked = baskets.lock(basket.getId());
            Instant now = clock.instant();
            if (locked.getTransactionStatus() == SigningBasket.Status.RCVD) {
                locked.cancel(now);
            }
            baskets.lockMembers(locked.getId()).forEach(Consent::leaveBasket);
            baskets.authorisationsOf(locked.getId()).forEach(a -> a.abandon(now));
        });
        LOG.infof("Signing basket %s deleted by TPP %s", basketId, tppId);
    }

    // --- redirect SCA --------------------------------------------------------------------------------------

    /** Spends the one-time link and answers the bank's page of the basket's SCA (as a consent's link does). */
    public String followRedirectLink(String providerCode, String basketId, String authorisationId, String token) {
        String tokenHash = SecureTokens.sha256Hex(token);
        Link link = usableLink(providerCode, basketId, authorisationId, tokenHash);
        boolean spent = QuarkusTransaction.requiringNew().call(() -> {
            baskets.lock(link.basket().getId()); // first, as every writer of its authorisations (ScaService.spend)
            BasketAuthorisation authorisation = baskets.lockAuthorisation(authorisationId).orElse(null);
            Instant now = clock.instant();
            if (authorisation == null || !authorisation.acceptsRedirectToken(tokenHash, now)) {
                return false;
            }
            authorisation.useRedirectToken(now);
            return true;
        });
        if (!spent) {
            throw invalidLink().withTppReturn(tppReturn(link.basket()));
        }
        return link.basket().getBankScaUrl();
    }

    /** HEAD of the link: whether it would still lead somewhere, without spending it. */
    public void checkRedirectLink(String providerCode, String basketId, String authorisationId, String token) {
        usableLink(providerCode, basketId, authorisationId, SecureTokens.sha256Hex(token));
    }

    private Link usableLink(String providerCode, String basketId, String authorisationId, String tokenHash) {
        Link link = QuarkusTransaction.requiringNew().call(() -> findLink(providerCode, basketId, authorisationId));
        if (link == null || !link.authorisation().holdsRedirectToken(tokenHash)) {
            throw invalidLink();
        }
        if (!link.authorisation().redirectUsable(clock.instant())) {
            throw invalidLink().withTppReturn(tppReturn(link.basket()));
        }
        if (link.basket().getTransactionStatus() != SigningBasket.Status.RCVD || link.basket().getBankScaUrl() == null) {
            throw new Psd2Exception(ErrorClass.RESOURCE_UNKNOWN, "This SCA link leads nowhere: the signing basket"
                    + " can no longer be authorised (" + link.basket().getTransactionStatus() + ")")
                    .withTppReturn(tppReturn(link.basket()));
        }
        return link;
    }

    /**
     * The bank sent the browser back: the outcome from the bank (never from the browser) moves the basket and its
     * authorisation, then each member consent is brought up to the bank's view (authorised with the basket). The
     * browser goes to the TPP's redirect URI after success, the nok one after a failure, the redirect URI when the
     * bank could not tell.
     */
    public String completeFromCallback(String providerCode, String basketId, String authorisationId, String state) {
        Link link = QuarkusTransaction.requiringNew().call(() -> findLink(providerCode, basketId, authorisationId));
        if (link == null || !link.authorisation().holdsCallbackState(state)
                || link.basket().getBankBasketId() == null) {
            throw new Psd2Exception(ErrorClass.RESOURCE_UNKNOWN, "Unknown SCA callback");
        }
        SigningBasket basket = refresh(link.basket());
        BasketAuthorisation authorisation = QuarkusTransaction.requiringNew()
                .call(() -> baskets.findAuthorisation(authorisationId, basketId).orElseThrow());
        boolean success = basket.getTransactionStatus() == SigningBasket.Status.ACTC
                && authorisation.scaStatus() == ScaStatus.finalised;
        boolean unknown = basket.getTransactionStatus() == SigningBasket.Status.RCVD;
        return unknown ? basket.getRedirectUri() : tppReturnAfter(basket, success);
    }

    // --- the bank's view -----------------------------------------------------------------------------------

    /**
     * Applies the bank's view to a basket that awaits its SCA ({@link #apply}). A bank that cannot be reached leaves
     * the stored view.
     */
    SigningBasket refresh(SigningBasket basket) {
        if (basket.getTransactionStatus().isFinal() || basket.getBankBasketId() == null) {
            return basket;
        }
        BankBasketApi.State state;
        try {
            state = bank.read(basket.getProviderCode(), basket.getBankBasketId());
        } catch (Psd2Exception e) {
            LOG.infof("Bank view of signing basket %s not available (%s); showing the stored one", basket.getId(),
                    e.errorClass().text());
            return basket;
        }
        return apply(basket.getId(), state);
    }

    /**
     * The bank's view of a basket read just now (by a read, a step, the callback or the polling): its status and its
     * authorisations' SCA status; once the bank ended it, each member consent reads the bank's view of itself
     * (valid, or rejected), as a consent's own callback does.
     */
    SigningBasket apply(String basketId, BankBasketApi.State state) {
        SigningBasket updated = QuarkusTransaction.requiringNew().call(() -> {
            SigningBasket locked = baskets.lock(basketId);
            Instant now = clock.instant();
            locked.heardFromBank(now);
            locked.followBank(state.transactionStatus(), now);
            ScaStatus sca = ScaStatus.fromBank(state.scaStatus());
            for (BasketAuthorisation authorisation : baskets.authorisationsOf(locked.getId())) {
                authorisation.followBank(sca, now);
                if (locked.getTransactionStatus().isFinal()) {
                    authorisation.abandon(now);
                }
            }
            return locked;
        });
        if (updated.getTransactionStatus().isFinal()) {
            for (String consentId : updated.getConsentIds()) {
                Optional.ofNullable(QuarkusTransaction.requiringNew().call(() -> consents.findById(consentId)))
                        .ifPresent(consentService::refresh);
            }
        }
        return updated;
    }

    // --- helpers -------------------------------------------------------------------------------------------

    SigningBasket owned(String providerCode, String tppId, String basketId) {
        if (!Ids.fits(basketId)) {
            throw unknown(basketId);
        }
        return QuarkusTransaction.requiringNew().call(() -> baskets.findOwned(basketId, providerCode, tppId))
                .orElseThrow(() -> unknown(basketId));
    }

    BasketAuthorisation findAuthorisation(SigningBasket basket, String authorisationId) {
        if (!Ids.fits(authorisationId)) {
            throw unknownAuthorisation(authorisationId);
        }
        return QuarkusTransaction.requiringNew()
                .call(() -> baskets.findAuthorisation(authorisationId, basket.getId()))
                .orElseThrow(() -> unknownAuthorisation(authorisationId));
    }

    private Link findLink(String providerCode, String basketId, String authorisationId) {
        if (!Ids.fits(basketId) || !Ids.fits(authorisationId)) {
            return null;
        }
        SigningBasket basket = baskets.findById(basketId);
        if (basket == null || !basket.getProviderCode().equals(providerCode)) {
            return null;
        }
        return baskets.findAuthorisation(authorisationId, basketId).map(a -> new Link(basket, a)).orElse(null);
    }

    private static String tppReturn(SigningBasket basket) {
        return tppReturnAfter(basket, false);
    }

    private static String tppReturnAfter(SigningBasket basket, boolean success) {
        return new ScaRedirect(basket.getRedirectUri(), basket.getNokRedirectUri(), null).target(success);
    }

    private static Psd2Exception invalidLink() {
        return new Psd2Exception(ErrorClass.RESOURCE_UNKNOWN, "This SCA link is unknown, expired or already used");
    }

    private static Psd2Exception unknownAuthorisation(String authorisationId) {
        return new Psd2Exception(ErrorClass.RESOURCE_UNKNOWN,
                "Authorisation '" + Ids.shown(authorisationId) + "' is unknown for this signing basket");
    }

    /** The one answer for a basket that does not exist for this caller (another TPP's included). */
    static Psd2Exception unknown(String basketId) {
        return new Psd2Exception(ErrorClass.RESOURCE_UNKNOWN,
                "Signing basket '" + Ids.shown(basketId) + "' is unknown");
    }

    private record Link(SigningBasket basket, BasketAuthorisation authorisation) {
    }
}
