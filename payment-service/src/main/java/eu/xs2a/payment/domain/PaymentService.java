package eu.xs2a.payment.domain;

import eu.xs2a.payment.aspsp.BankCancellation;
import eu.xs2a.payment.aspsp.BankPort;
import eu.xs2a.payment.config.PaymentConfig;
import eu.xs2a.payment.domain.PaymentLedger.Created;
import eu.xs2a.payment.domain.PaymentLedger.NewAuthorisation;
import eu.xs2a.payment.domain.PaymentLedger.StartedAuthorisation;
import eu.xs2a.platform.SecureTokens;
import eu.xs2a.platform.bank.PsuContext;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.ErrorTexts;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.notify.NotificationRequest;
import eu.xs2a.platform.provider.ProviderCalendar;
import eu.xs2a.platform.provider.ProviderRegistry;
import eu.xs2a.platform.provider.ProvidersConfig;
import eu.xs2a.platform.sca.ScaApproach;
import eu.xs2a.platform.sca.ScaApproaches;
import eu.xs2a.platform.sca.ScaStatus;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;
import org.jboss.logging.Logger;

/**
 * The payment use cases: initiation, reads with a status refresh, authorisations, cancellation and the PSU's
 * round trip through the bank's SCA page. State changes go through {@link PaymentLedger} (short transactions),
 * bank calls through {@link BankPort} with no transaction open, submissions through their task
 * ({@link PaymentSubmission}); a bank failure never loses or corrupts the gateway's records.
 */
@ApplicationScoped
public class PaymentService {

    private static final Logger LOG = Logger.getLogger(PaymentService.class);
    /** What a paymentId can be (base64url; numbers for payments taken before ids were random): no lookup else. */
    private static final Pattern PAYMENT_ID = Pattern.compile("[A-Za-z0-9_-]{1,64}");
    /** Retry-After of a 503 this service answers when the bank cannot do what was asked now. */
    private static final int BANK_RETRY_AFTER_SECONDS = 5;
    /** ISO 20022 MS03, "reason not specified": an OAuth SCA payment the bank did not get at its initiation. */
    private static final String NOT_SUBMITTED = "MS03";
    private static final String BULK_DATE = "requestedExecutionDate";
    /** Beyond the bank's timeouts, how long a DELETE's claim on a payment lasts ({@link Payment#claimCancellation}). */
    private static final Duration CANCELLATION_CLAIM_MARGIN = Duration.ofSeconds(5);
    /** How often a DELETE waiting for another's cancellation of the same payment looks again. */
    private static final Duration CANCELLATION_TURN_POLL = Duration.ofMillis(100);

    /** A cancellation's outcome: cancelled at once (no authorisation), or waiting for the PSU's authorisation. */
    public record Cancellation(Payment payment, NewAuthorisation authorisation) {
    }

    /** Where to send the PSU after the bank's SCA page; null when the TPP gave no redirect URI. */
    public record CallbackOutcome(Payment payment, AuthorisationKind kind, ScaStatus scaStatus, String redirectUri) {
    }

    @Inject ProviderRegistry registry;
    @Inject PaymentLedger ledger;
    @Inject BankPort bank;
    @Inject PaymentSubmission submission;
    @Inject PaymentUrls urls;
    @Inject PaymentConfig config;
    @Inject Clock clock;
    @Inject SettlementHorizon settlementHorizon;
    @Inject ProviderCalendar calendar;
    @Inject ScaApproaches approaches;

    /**
     * The provider must exist (else ResourceUnknown), the product must be known to some provider (else
     * ProductUnknown) and offered by this one (else ProductInvalid).
     */
    public ProvidersConfig.Provider requireProduct(String providerCode, String paymentProduct) {
        ProvidersConfig.Provider provider = registry.require(providerCode);
        if (!registry.allPaymentProducts().contains(paymentProduct)) {
            throw new Psd2Exception(ErrorClass.PRODUCT_UNKNOWN, "Payment product '" + paymentProduct + "' is unknown");
        }
        if (!provider.paymentProducts().contains(paymentProduct)) {
            throw new Psd2Exception(ErrorClass.PRODUCT_INVALID, "Payment product '" + paymentProduct
                    + "' is not offered by provider '" + providerCode + "'");
        }
        return provider;
    }

    /**
     * Records the payment with its submission task, then runs that task here. If the bank cannot be reached the
     * payment stays RCVD and the task runtime submits it later (except at a provider with the OAuth SCA approach:
     * {@link #endUnsubmitted}); if the bank refuses it, it is rejected and the TPP gets ServiceInvalid. A payment whose authorisation the TPP starts itself (explicit) reaches the bank only when
     * the PSU follows the link: the bank's SCA page lasts minutes, and the TPP may start the authorisation much later.
     * The SCA approach is the bank's choice for the PSU unless the TPP prefers redirect ({@link ScaApproaches}).
     */
    public Created initiate(NewPayment request) {
        return initiate(request, null);
    }

    /**
     * As {@link #initiate(NewPayment)}; with {@code standingOrder}, a periodic payment (the bank keeps it as a standing
     * order and executes each occurrence), whose terms are checked on the provider's day first.
     */
    public Created initiate(NewPayment request, StandingOrder standingOrder) {
        ProvidersConfig.Provider provider = requireProduct(request.providerCode(), request.paymentProduct());
        ExecutionDays days = ExecutionDays.from(calendar.today(request.providerCode()),
                provider.maxExecutionDaysAhead());
        if (request.bulk() != null) {
            validateBulk(request.bulk(), provider, request, days);
        } else {
            PaymentOrderRules.validate(request.order(), days, config.bankProduct(request.paymentProduct()),
                    provider.instantMaxAmount().orElse(null));
        }
        if (standingOrder != null) {
            standingOrder.validate(days);
        }
        ScaApproach approach = approaches.choose(request.providerCode(), request.redirectPreferred(), request.psuId());
        Created created = ledger.create(request, approach, standingOrder);
        if (!created.payment().submittedAtInitiation()) {
            return created;
        }
        PaymentSubmission.Attempt attempt = submission.attemptNow(created.submission(), created.payment());
        Payment payment = attempt.payment();
        if (provider.oauthSca() && created.authorisation() != null && payment.scaApproach() == ScaApproach.REDIRECT
                && payment.awaitsSubmission()) {
            payment = endUnsubmitted(payment);
        }
        return new Created(payment, created.authorisation(), attempt.psuMessage(), null);
    }

    /**
     * A payment of the OAuth SCA approach that the bank does not hold after the initiation's attempt (it could not be
     * reached, or another worker is submitting it at this moment). Its scaOAuth leads to the provider's OAuth server,
     * whose PSU login checks the payment at the bank, and unlike scaRedirect no link of this service lets the PSU's
     * step submit it first: so, unless it reached the bank meanwhile, the payment ends here (any copy the bank may
     * hold is withdrawn) and the TPP gets 503 with Retry-After, kept for its X-Request-ID in place of the 201 kept at
     * creation (as a refusal is). A TPP's scaOAuth therefore always names a payment the bank holds
     * (docs/ARCHITECTURE.md "OAuth SCA approach").
     */
    private Payment endUnsubmitted(Payment payment) {
        Psd2Exception unavailable = Psd2Exception.serviceUnavailable("The bank could not take the payment now, so it "
                + "was not initiated; initiate it again later, with a new X-Request-ID", BANK_RETRY_AFTER_SECONDS, null)
                .causedByBank();
        Payment after = ledger.rejectUnsubmitted(payment.id(), NOT_SUBMITTED, unavailable);
        if (after.isSubmitted()) {
            return after;
        }
        LOG.infof("Payment %s of the OAuth SCA approach not at the bank after its initiation: %s", payment.resourceId(),
                after.transactionStatus());
        throw unavailable;
    }

    /**
     * At most {@code payment.bulk.max-size} entries, each meeting a single payment's rules with the bulk's debtor and
     * date (the error names the entry: {@code payments[1]: …}); all in one currency, which the bank books them in.
     */
    private void validateBulk(BulkOrder bulk, ProvidersConfig.Provider provider, NewPayment request,
                              ExecutionDays days) {
        if (bulk.payments().size() > config.bulk().maxSize()) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "payments has " + bulk.payments().size()
                    + " entries; a bulk payment has at most " + config.bulk().maxSize()).at("payments");
        }
        String currency = null;
        for (int i = 0; i < bulk.payments().size(); i++) {
            PaymentOrder entry = bulk.entry(i);
            try {
                PaymentOrderRules.validate(entry, days, config.bankProduct(request.paymentProduct()),
                        provider.instantMaxAmount().orElse(null));
            } catch (Psd2Exception e) {
                // the bulk's date is every entry's: its path stays the bulk's own field
                String path = e.path() == null || BULK_DATE.equals(e.path()) ? e.path()
                        : "payments[" + i + "]." + e.path();
                throw new Psd2Exception(e.errorClass(), "payments[" + i + "]: " + e.getMessage()).at(path);
            }
            if (currency != null && !currency.equals(entry.instructedAmount().currency())) {
                throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "payments[" + i + "].instructedAmount.currency is "
                        + entry.instructedAmount().currency() + ": every entry of a bulk is in one currency, here "
                        + currency).at("payments[" + i + "].instructedAmount.currency");
            }
            currency = entry.instructedAmount().currency();
        }
    }

    /** The caller's payment, or ResourceUnknown: the same answer for a foreign, unknown or malformed id. */
    public Payment owned(String providerCode, String tppId, String paymentProduct, String paymentId) {
        return owned(providerCode, tppId, PaymentUrls.PAYMENTS, paymentProduct, paymentId);
    }

    /** As {@link #owned(String, String, String, String)}, of a payment service's path: a payment is unknown under another. */
    public Payment owned(String providerCode, String tppId, String paymentService, String paymentProduct,
                         String paymentId) {
        requireProduct(providerCode, paymentProduct);
        Payment payment = PAYMENT_ID.matcher(paymentId).matches() ? ledger.byResourceId(paymentId) : null;
        if (payment == null || !payment.isVisibleTo(providerCode, tppId, paymentProduct)
                || !payment.paymentService().equals(paymentService)) {
            throw unknownPayment(paymentId);
        }
        return payment;
    }

    /**
     * Asks the bank about a payment that may still change there; when the bank is unreachable, the last known state.
     * Not asked: a payment the bank has not acknowledged, a final one, and an executed one (ACSC) past the settlement
     * horizon, which the polling job no longer follows either ({@link SettlementHorizon}): its stored ACSC is the
     * answer.
     */
    public Payment refreshed(Payment payment) {
        if (!payment.isSubmitted() || (payment.transactionStatus().isFinal() && !awaitsEntryReports(payment))
                || settlementHorizon.isPast(payment, clock.instant())) {
            return payment;
        }
        try {
            return ledger.applyBankState(payment.id(), bank.fetch(payment.providerCode(), payment.bankPaymentId()));
        } catch (Psd2Exception e) {
            LOG.infof("Payment %s: bank status not available (%s), answering the last known status",
                    payment.resourceId(), e.getMessage());
            return ledger.get(payment.id());
        }
    }

    public PaymentOrder order(Payment payment) {
        return ledger.order(payment);
    }

    public BulkOrder bulkOrder(Payment payment) {
        return ledger.bulkOrder(payment);
    }

    /** The pain.001 document the payment was initiated with, if it was initiated with one. */
    public Optional<byte[]> document(Payment payment) {
        return ledger.document(payment);
    }

    public List<BulkEntryState> bulkEntries(Payment payment) {
        return ledger.bulkEntries(payment);
    }

    /**
     * A bulk a status event ended PART (some entries booked, some rejected) before the bank reported its entries so:
     * the bank is asked once more, for them. (A bulk ended otherwise ends every entry it did not reject alone:
     * {@code BulkPaymentResponse.entryStatus}.)
     */
    private boolean awaitsEntryReports(Payment payment) {
        return payment.isBulk() && payment.transactionStatus() == TransactionStatus.PART
                && (payment.bulkEntries() == null
                || ledger.bulkEntries(payment).stream().anyMatch(BulkEntryState::isOpen));
    }

    public List<PaymentAuthorisation> authorisations(Payment payment, AuthorisationKind kind) {
        return ledger.authorisations(payment.id(), kind);
    }

    public PaymentAuthorisation authorisation(Payment payment, AuthorisationKind kind, String authorisationId) {
        return ledger.authorisation(payment.id(), kind, authorisationId)
                .orElseThrow(() -> new Psd2Exception(ErrorClass.RESOURCE_UNKNOWN,
                        "Authorisation '" + authorisationId + "' is unknown"));
    }

    /**
     * Sets or replaces the payment's notification subscription with the one a request asked for (its initiation's,
     * a DELETE's, an authorisation start's), before the request changes anything else; nothing asked, nothing changes.
     */
    public void notifyAt(Payment payment, NotificationRequest notification) {
        if (notification.storedUri() != null) {
            ledger.notifyAt(payment.id(), notification);
        }
    }

    public StartedAuthorisation startAuthorisation(Payment payment) {
        return ledger.startPaymentAuthorisation(payment.id());
    }

    /**
     * Not yet authorised → cancelled at once; authorised but not final → the PSU authorises the cancellation, by the
     * approach the bank chooses for the PSU unless the TPP prefers redirect ({@code redirectPreferred}); final →
     * CancellationInvalid.
     *
     * @param psuId PSU-ID of the DELETE, else the payment's, to ask the bank for the PSU's methods; may be null
     * @param psuContext the PSU's context of the DELETE, sent to the bank with the cancellation
     */
    public Cancellation cancel(Payment payment, boolean redirectPreferred, String psuId, String redirectUri,
                               String nokRedirectUri, NotificationRequest notification, PsuContext psuContext) {
        notifyAt(payment, notification);
        Payment current = refreshed(payment);
        if (current.transactionStatus().isConcluded()) {
            throw cancellationInvalid(current);
        }
        if (!current.isSubmitted()) {
            current = ledger.cancelBeforeSubmission(current.id());
            if (current.transactionStatus() == TransactionStatus.CANC) {
                return new Cancellation(current, null);
            }
        }
        long paymentId = current.id();
        try {
            ScaApproach approach = approaches.choose(current.providerCode(), redirectPreferred,
                    psuId != null ? psuId : current.psuId());
            return cancelAtBank(current, approach, psuId, redirectUri, nokRedirectUri, psuContext);
        } catch (Psd2Exception e) {
            if (e.errorClass() == ErrorClass.CANCELLATION_INVALID) {
                throw cancellationInvalid(refreshed(ledger.get(paymentId)));
            }
            if (e.errorClass() == ErrorClass.RESOURCE_UNKNOWN) {
                // the bank lost a payment it acknowledged: not the TPP's fault, and no answer about the payment itself
                LOG.errorf("Payment %s: the bank no longer knows its copy %s", current.resourceId(),
                        current.bankPaymentId());
                throw Psd2Exception.serviceUnavailable("The bank cannot cancel the payment now; try again later",
                        BANK_RETRY_AFTER_SECONDS, e).causedByBank();
            }
            throw e;
        }
    }

    /**
     * Asks the bank to cancel a submitted payment, with no transaction, lock or connection held during the call. The
     * DELETE first claims the payment for one bank call ({@link Payment#claimCancellation}, committed at once) and a
     * second DELETE of the same payment waits for that claim to end: two DELETEs thus reach the bank one after the
     * other, and the newest cancellation authorisation here is the one the bank will complete (the bank ends the link
     * of the previous one).
     */
    private Cancellation cancelAtBank(Payment submitted, ScaApproach approach, String psuId, String redirectUri,
                                      String nokRedirectUri, PsuContext psuContext) {
        long paymentId = submitted.id();
        UUID claim = UUID.randomUUID();
        awaitCancellationTurn(submitted, claim);
        try {
            Payment payment = ledger.get(paymentId);
            if (payment.transactionStatus().isConcluded()) {
                throw new Psd2Exception(ErrorClass.CANCELLATION_INVALID, "final while waiting for an earlier cancellation");
            }
            String state = SecureTokens.random(SecureTokens.LINK_BYTES);
            BankCancellation answer = bank.cancel(payment.providerCode(), payment.bankPaymentId(),
                    urls.callback(payment, state), approach == ScaApproach.DECOUPLED, psuContext);
            if (TransactionStatus.CANC.name().equals(answer.transactionStatus())) {
                return new Cancellation(ledger.markCancelled(paymentId, claim), null);
            }
            if (answer.scaUrl() == null) {
                throw new Psd2Exception(ErrorClass.SERVICE_INVALID, "The bank neither cancelled payment "
                        + payment.resourceId()
                        + " nor asked for an authorisation of the cancellation");
            }
            NewAuthorisation authorisation = ledger.startCancellation(paymentId, claim, approach, answer.scaStatus(),
                    state, answer.scaUrl(), psuId, redirectUri, nokRedirectUri).orElseThrow(() -> Psd2Exception.serviceUnavailable(
                    "The bank took too long to answer the cancellation; try again later", BANK_RETRY_AFTER_SECONDS,
                    null).causedByBank());
            return new Cancellation(ledger.get(paymentId), authorisation);
        } finally {
            ledger.releaseCancellation(paymentId, claim);
        }
    }

    /**
     * Waits, holding nothing, until this DELETE holds the payment's cancellation claim: at most one bank call (the
     * provider's connect plus read timeout, and a margin), after which a claim left by a service that died runs out.
     * A DELETE still waiting then is answered 503, to be tried again.
     */
    private void awaitCancellationTurn(Payment payment, UUID claim) {
        ProvidersConfig.Provider provider = registry.require(payment.providerCode());
        Duration claimFor = provider.connectTimeout().plus(provider.readTimeout()).plus(CANCELLATION_CLAIM_MARGIN);
        Instant giveUpAt = clock.instant().plus(claimFor);
        while (!ledger.claimCancellation(payment.id(), claim, clock.instant().plus(claimFor))) {
            if (clock.instant().isAfter(giveUpAt)) {
                throw Psd2Exception.serviceUnavailable("Another cancellation of this payment is still with the bank;"
                        + " try again later", BANK_RETRY_AFTER_SECONDS, null);
            }
            try {
                Thread.sleep(CANCELLATION_TURN_POLL.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw Psd2Exception.serviceUnavailable("The cancellation was interrupted; try again later",
                        BANK_RETRY_AFTER_SECONDS, e);
            }
        }
    }

    /**
     * Follows a one-time scaRedirect link: checks the token, makes sure the bank knows the payment (submitting it
     * now if the bank was down so far), uses the token up and returns the bank's SCA page.
     */
    public String scaRedirect(String providerCode, String paymentProduct, String paymentId, AuthorisationKind kind,
                              String authorisationId, String token) {
        Payment payment = linkedPayment(providerCode, paymentProduct, paymentId);
        PaymentAuthorisation authorisation = usableLink(payment, kind, authorisationId, token);
        String tppReturn = tppReturn(payment, authorisation);
        String bankScaUrl = kind == AuthorisationKind.PAYMENT ? payment.bankScaUrl() : authorisation.bankScaUrl();
        if (kind == AuthorisationKind.PAYMENT && payment.awaitsSubmission()) {
            // the first attempt if this enqueued the task (explicit authorisation); else one more the PSU asked for,
            // which leaves the backoff of the task (the initiation's, whose bank was down) as it was
            payment = submission.attemptNow(payment, ledger.requireSubmission(payment.id())).payment();
            if (payment.transactionStatus().isConcluded()) {
                // cancelled by the TPP while it was being submitted: nothing to authorise
                throw unusableLink().withTppReturn(tppReturn);
            }
            if (!payment.isSubmitted()) {
                throw Psd2Exception.serviceUnavailable("The bank is not reachable; try the link again later",
                        BANK_RETRY_AFTER_SECONDS, null).causedByBank().withTppReturn(tppReturn);
            }
            bankScaUrl = payment.bankScaUrl();
        }
        if (bankScaUrl == null || !ledger.useRedirectToken(payment.id(), kind, authorisationId, token)) {
            throw unusableLink().withTppReturn(tppReturn);
        }
        return bankScaUrl;
    }

    /**
     * Answers whether a scaRedirect link would still lead somewhere, without using it, submitting the payment or
     * calling the bank: mail and chat link checkers send HEAD before the PSU clicks.
     */
    public void checkScaRedirect(String providerCode, String paymentProduct, String paymentId, AuthorisationKind kind,
                                 String authorisationId, String token) {
        usableLink(linkedPayment(providerCode, paymentProduct, paymentId), kind, authorisationId, token);
    }

    private PaymentAuthorisation usableLink(Payment payment, AuthorisationKind kind, String authorisationId,
                                            String token) {
        String tokenHash = token == null ? null : SecureTokens.sha256Hex(token);
        PaymentAuthorisation authorisation = ledger.authorisation(payment.id(), kind, authorisationId)
                .filter(a -> tokenHash != null && a.holdsRedirectToken(tokenHash))
                .orElseThrow(PaymentService::unusableLink);
        // the token proved the link was the PSU's: from here on its page may lead back to the TPP (never before)
        if (!authorisation.acceptsRedirectToken(tokenHash, clock.instant())
                || authorisation.scaStatus().isFinal() || payment.transactionStatus().isConcluded()) {
            // used, expired, or nothing left to authorise (e.g. cancelled before SCA): the link is spent
            throw unusableLink().withTppReturn(tppReturn(payment, authorisation));
        }
        return authorisation;
    }

    /**
     * Where a PSU's page about a link that leads nowhere links back to: the TPP's nok URI, else its redirect URI,
     * of the payment or of the cancellation; null when the TPP gave none.
     */
    private static String tppReturn(Payment payment, PaymentAuthorisation authorisation) {
        return authorisation.kind() == AuthorisationKind.PAYMENT
                ? (payment.nokRedirectUri() != null ? payment.nokRedirectUri() : payment.redirectUri())
                : (authorisation.nokRedirectUri() != null ? authorisation.nokRedirectUri() : authorisation.redirectUri());
    }

    /**
     * The PSU is back from the bank: learn the outcome from the bank (never from the browser) and move on. The PSU
     * goes to TPP-Nok-Redirect-URI only on a known negative result (Berlin Group's rule for it): when the bank could
     * not be asked, the outcome is unknown, and a TPP told "failed" might have the PSU pay twice.
     */
    public CallbackOutcome callback(String providerCode, String paymentProduct, String paymentId, String state) {
        Payment payment = browserVisible(providerCode, paymentProduct, paymentId);
        if (state == null) {
            throw unknownPayment(paymentId);
        }
        if (MessageDigest.isEqual(payment.callbackState().getBytes(StandardCharsets.UTF_8),
                state.getBytes(StandardCharsets.UTF_8))) {
            payment = refreshed(payment);
            PaymentAuthorisation authorisation = ledger.latestAuthorisation(payment.id(), AuthorisationKind.PAYMENT)
                    .orElse(null);
            ScaStatus sca = authorisation == null ? null : authorisation.scaStatus();
            // a finalised SCA is a positive result even if the bank rejects the payment afterwards (psu-poor)
            boolean failed = sca == ScaStatus.failed || (sca != ScaStatus.finalised
                    && (payment.transactionStatus() == TransactionStatus.RJCT
                    || payment.transactionStatus() == TransactionStatus.CANC));
            return new CallbackOutcome(payment, AuthorisationKind.PAYMENT, sca,
                    failed && payment.nokRedirectUri() != null ? payment.nokRedirectUri() : payment.redirectUri());
        }
        PaymentAuthorisation cancellation = ledger.cancellationByCallback(payment.id(), state)
                .orElseThrow(() -> unknownPayment(paymentId));
        payment = refreshed(payment);
        PaymentAuthorisation after = ledger.authorisation(payment.id(), AuthorisationKind.CANCELLATION,
                cancellation.id()).orElse(cancellation);
        // a standing order cancelled after some occurrences ran ends ACSC, with its cancellation finalised: no failure
        boolean failed = after.scaStatus() == ScaStatus.failed || (payment.transactionStatus().isConcluded()
                && payment.transactionStatus() != TransactionStatus.CANC && after.scaStatus() != ScaStatus.finalised);
        return new CallbackOutcome(payment, AuthorisationKind.CANCELLATION, after.scaStatus(),
                failed && after.nokRedirectUri() != null ? after.nokRedirectUri() : after.redirectUri());
    }

    private Payment browserVisible(String providerCode, String paymentProduct, String paymentId) {
        Payment payment = addressed(providerCode, paymentProduct, paymentId);
        if (payment == null) {
            throw unknownPayment(paymentId);
        }
        return payment;
    }

    /**
     * The payment a scaRedirect link names. Anyone may follow such a link, so a payment that does not exist (or not
     * under this provider and product) gets the answer a wrong token gets: the link must not tell which payment ids
     * exist.
     */
    private Payment linkedPayment(String providerCode, String paymentProduct, String paymentId) {
        Payment payment = addressed(providerCode, paymentProduct, paymentId);
        if (payment == null) {
            throw unusableLink();
        }
        return payment;
    }

    private Payment addressed(String providerCode, String paymentProduct, String paymentId) {
        Payment payment = PAYMENT_ID.matcher(paymentId).matches() ? ledger.byResourceId(paymentId) : null;
        return payment != null && payment.providerCode().equals(providerCode)
                && payment.paymentProduct().equals(paymentProduct) ? payment : null;
    }

    private static Psd2Exception unknownPayment(String paymentId) {
        return new Psd2Exception(ErrorClass.RESOURCE_UNKNOWN, "Payment '" + ErrorTexts.shown(paymentId, 40)
                + "' is unknown");
    }

    private static Psd2Exception unusableLink() {
        return new Psd2Exception(ErrorClass.RESOURCE_UNKNOWN, "This authorisation link is unknown, used or expired");
    }

    private static Psd2Exception cancellationInvalid(Payment payment) {
        return new Psd2Exception(ErrorClass.CANCELLATION_INVALID, "Payment " + payment.resourceId() + " is "
                + payment.transactionStatus() + " and can no longer be cancelled");
    }
}
