package eu.xs2a.sandbox.domain;

import eu.xs2a.sandbox.persistence.AccountRepository;
import eu.xs2a.sandbox.persistence.ConsentRepository;
import eu.xs2a.sandbox.persistence.PaymentRepository;
import eu.xs2a.sandbox.persistence.ScaLinkRepository;
import eu.xs2a.sandbox.persistence.SigningBasketRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Signing baskets (BANK-API.md "Signing baskets"): registered by the gateway with payments (by the gateway's payment
 * id, their idempotency key) and consents (by the bank's consent id) of one TPP that await SCA and are in no other
 * basket; one SCA link authorises them all ({@link ScaService}, kind {@link ScaLink.Kind#BASKET}).
 */
@ApplicationScoped
public class SigningBasketService {

    /** Refusal codes of a registration naming a member that cannot join (422). */
    public static final String MEMBER_UNKNOWN = "MEMBER_UNKNOWN";
    public static final String MEMBER_NOT_AWAITING_SCA = "MEMBER_NOT_AWAITING_SCA";
    public static final String MEMBER_IN_BASKET = "MEMBER_IN_BASKET";
    public static final String MEMBER_INVALID = "MEMBER_INVALID";
    public static final String BASKET_UNKNOWN = "BASKET_UNKNOWN";
    private static final int MAX_KEY = 100;
    private static final int MAX_MEMBERS = 50;

    /** {@code psuMessage}: the app's message of a decoupled registration, else null. */
    public record Registered(SigningBasket basket, ScaLink link, boolean created, String psuMessage) {
    }

    public record BasketView(SigningBasket basket, List<Payment> payments, List<Consent> consents) {
    }

    @Inject SigningBasketRepository baskets;
    @Inject PaymentRepository payments;
    @Inject ConsentRepository consents;
    @Inject AccountRepository accounts;
    @Inject ScaLinkRepository links;
    @Inject ApiScaService apiSca;
    @Inject EntityManager em;
    @Inject Clock clock;

    /**
     * Registers the basket with one SCA link for its members; {@code decoupled} (with {@code psuId}) pushes the
     * approval to the PSU's app at once, as a decoupled consent's registration does.
     */
    @Transactional
    public Registered register(String idempotencyKey, String tppId, String tppName, List<String> paymentKeys,
                               List<String> consentIds, String psuId, Map<String, String> psuContext,
                               String returnUrl, boolean decoupled) {
        if (idempotencyKey == null || idempotencyKey.isBlank() || idempotencyKey.length() > MAX_KEY) {
            throw BankException.badRequest("idempotencyKey must be 1 to " + MAX_KEY + " characters");
        }
        TppFields.requireFitting(tppId, tppName);
        if (tppId == null || tppName == null || returnUrl == null || returnUrl.isBlank()) {
            throw BankException.badRequest("tppId, tppName and returnUrl are required");
        }
        List<String> paymentIds = paymentKeys == null ? List.of() : paymentKeys;
        List<String> consentKeys = consentIds == null ? List.of() : consentIds;
        int members = paymentIds.size() + consentKeys.size();
        if (members == 0 || members > MAX_MEMBERS) {
            throw BankException.badRequest("a signing basket holds 1 to " + MAX_MEMBERS + " payments and consents");
        }
        if (new HashSet<>(paymentIds).size() < paymentIds.size() || new HashSet<>(consentKeys).size() < consentKeys.size()
                || paymentIds.contains(null) || consentKeys.contains(null)) {
            throw BankException.badRequest("a member is named twice, or is null");
        }
        // one registration per idempotency key at a time, across instances
        em.createNativeQuery("select pg_advisory_xact_lock(hashtext(:key))").setParameter("key", idempotencyKey)
                .getSingleResult();
        Optional<SigningBasket> existing = baskets.byIdempotencyKey(idempotencyKey);
        if (existing.isPresent()) {
            ScaLink link = links.find("resourceId = ?1 and kind = ?2", existing.get().id, ScaLink.Kind.BASKET)
                    .firstResult();
            return new Registered(existing.get(), link, false, null);
        }
        List<Payment> memberPayments = paymentIds.stream().map(key -> paymentMember(key, tppId)).toList();
        List<Consent> memberConsents = consentKeys.stream().map(id -> consentMember(id, tppId)).toList();
        Instant now = clock.instant();
        SigningBasket basket = new SigningBasket();
        basket.id = "BS-" + UUID.randomUUID();
        basket.idempotencyKey = idempotencyKey;
        basket.tppId = tppId;
        basket.tppName = tppName;
        basket.requestedPsuId = psuId;
        basket.toldOfTheRequest(psuContext, null);
        basket.status = SigningBasket.Status.RCVD;
        basket.scaStatus = ScaStatus.received;
        basket.returnUrl = returnUrl;
        basket.createdAt = now;
        baskets.persist(basket);
        memberPayments.forEach(p -> p.basketId = basket.id);
        memberConsents.forEach(c -> c.basketId = basket.id);
        ScaLink link = ScaLink.issue(ScaLink.Kind.BASKET, basket.id, now);
        links.persist(link);
        String psuMessage = decoupled ? apiSca.startDecoupled(link, psuId).psuMessage() : null;
        return new Registered(basket, link, true, psuMessage);
    }

    @Transactional
    public BasketView get(String bankBasketId) {
        SigningBasket basket = require(bankBasketId);
        return view(basket);
    }

    /** The basket registered with this idempotency key, if any; without a key → 400. */
    @Transactional
    public Optional<BasketView> findByIdempotencyKey(String idempotencyKey) {
        if (idempotencyKey == null || idempotencyKey.isBlank()) {
            throw BankException.badRequest("the query parameter idempotencyKey is required");
        }
        return baskets.byIdempotencyKey(idempotencyKey).map(this::view);
    }

    /** The gateway withdrew the basket before it was authorised: CANC, its members free to be authorised alone. */
    @Transactional
    public void delete(String bankBasketId) {
        links.lockAllOf(bankBasketId);
        SigningBasket basket = baskets.lock(bankBasketId).orElseThrow(() -> unknown(bankBasketId));
        basket.cancel();
        BasketView view = view(basket);
        view.payments().forEach(p -> p.basketId = null);
        view.consents().forEach(c -> c.basketId = null);
        links.closeAllOf(basket.id);
    }

    public SigningBasket require(String bankBasketId) {
        return Optional.ofNullable(bankBasketId).flatMap(baskets::findByIdOptional)
                .orElseThrow(() -> unknown(bankBasketId));
    }

    public BasketView view(SigningBasket basket) {
        return new BasketView(basket, payments.list("basketId = ?1 order by id", basket.id),
                consents.list("basketId = ?1 order by id", basket.id));
    }

    private Payment paymentMember(String key, String tppId) {
        Payment payment = payments.lockByIdempotencyKey(key).filter(p -> p.tppId.equals(tppId))
                .orElseThrow(() -> BankException.refused(MEMBER_UNKNOWN, "payment " + key + " is unknown"));
        if (payment.transactionStatus != TransactionStatus.RCVD || !payment.awaitsSca()) {
            throw BankException.refused(MEMBER_NOT_AWAITING_SCA, "payment " + key + " is "
                    + payment.transactionStatus + ": it awaits no authorisation");
        }
        if (payment.basketId != null) {
            throw BankException.refused(MEMBER_IN_BASKET, "payment " + key + " is in another signing basket");
        }
        if (payment.debtorAccountId == null) {
            throw BankException.refused(MEMBER_INVALID, "payment " + key + " names no debtorAccount: the basket's"
                    + " page has no account to choose");
        }
        if (accounts.findById(payment.debtorAccountId).signaturesRequired > 1) {
            throw BankException.refused(MEMBER_INVALID, "payment " + key + " needs several signatures");
        }
        return payment;
    }

    private Consent consentMember(String bankConsentId, String tppId) {
        Consent consent = consents.findByIdOptional(bankConsentId, jakarta.persistence.LockModeType.PESSIMISTIC_WRITE)
                .filter(c -> c.tppId.equals(tppId))
                .orElseThrow(() -> BankException.refused(MEMBER_UNKNOWN, "consent " + bankConsentId + " is unknown"));
        if (consent.status != ConsentStatus.received || !consent.awaitsSca()) {
            throw BankException.refused(MEMBER_NOT_AWAITING_SCA, "consent " + bankConsentId + " is "
                    + consent.status + ": it awaits no authorisation");
        }
        if (consent.basketId != null) {
            throw BankException.refused(MEMBER_IN_BASKET, "consent " + bankConsentId + " is in another signing basket");
        }
        return consent;
    }

    private static BankException unknown(String bankBasketId) {
        return BankException.notFound(BASKET_UNKNOWN, "signing basket " + bankBasketId + " is unknown");
    }
}
