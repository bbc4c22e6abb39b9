package eu.xs2a.payment.domain;

import eu.xs2a.payment.aspsp.BankAccountRef;
import eu.xs2a.payment.aspsp.BankCancellation;
import eu.xs2a.payment.aspsp.BankPaymentOrder;
import eu.xs2a.payment.aspsp.BankPaymentState;
import eu.xs2a.payment.aspsp.BankPort;
import eu.xs2a.payment.aspsp.BankSubmission;
import eu.xs2a.payment.config.PaymentConfig;
import eu.xs2a.payment.domain.PaymentLedger.Created;
import eu.xs2a.payment.domain.PaymentLedger.NewAuthorisation;
import eu.xs2a.payment.domain.PaymentLedger.StartedAuthorisation;
import eu.xs2a.platform.SecureTokens;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.ErrorTexts;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.provider.ProviderCalendar;
import eu.xs2a.platform.provider.ProviderRegistry;
import eu.xs2a.platform.provider.ProvidersConfig;
import eu.xs2a.platform.sca.ScaStatus;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.jboss.logging.Logger;

/**
 * The payment use cases: initiation, reads with a status refresh, authorisations, cancellation and the PSU's
 * round trip through the bank's SCA page. State changes go through {@link PaymentLedger} (short transactions),
 * bank calls through {@link BankPort}; a bank failure never loses or corrupts the gateway's records.
 */
@ApplicationScoped
public class PaymentService {

    private static final Logger LOG = Logger.getLogger(PaymentService.class);
    /** The ids the gateway hands out, written as it writes them: "01" is not another name of payment 1. */
    private static final Pattern PAYMENT_ID = Pattern.compile("[1-9][0-9]{0,17}");
    /** ISO 20022 reason "narrative": the bank refused the order at submission (the detail is in the log). */
    private static final String REFUSED_BY_BANK = "NARR";
    /** ISO 20022 MS03, "reason not specified" given by an agent: there is no code for an authorisation never given. */
    private static final String NOT_AUTHORISED_IN_TIME = "MS03";
    /** Retry-After of a 503 this service answers when the bank cannot do what was asked now. */
    private static final int BANK_RETRY_AFTER_SECONDS = 5;

    /** A cancellation's outcome: cancelled at once (no authorisation), or waiting for the PSU's authorisation. */
    public record Cancellation(Payment payment, NewAuthorisation authorisation) {
    }

    /** Where to send the PSU after the bank's SCA page; null when the TPP gave no redirect URI. */
    public record CallbackOutcome(Payment payment, AuthorisationKind kind, ScaStatus scaStatus, String redirectUri) {
    }

    private final ProviderRegistry registry;
    private final PaymentLedger ledger;
    private final BankPort bank;
    private final PaymentUrls urls;
    private final PaymentConfig config;
    private final Clock clock;
    private final SettlementHorizon settlementHorizon;
    private final ProviderCalendar calendar;

    public PaymentService(ProviderRegistry registry, PaymentLedger ledger, BankPort bank, PaymentUrls urls,
                          PaymentConfig config, Clock clock, SettlementHorizon settlementHorizon,
                          ProviderCalendar calendar) {
        this.registry = registry;
        this.ledger = ledger;
        this.bank = bank;
        this.urls = urls;
        this.config = config;
        this.clock = clock;
        this.settlementHorizon = settlementHorizon;
        this.calendar = calendar;
    }

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
     * Records the payment, then hands it to the bank. If the bank cannot be reached the payment stays RCVD and
     * the retry job forwards it later; if the bank refuses it, it is rejected and the TPP gets ServiceInvalid.
     * A payment whose authorisation the TPP starts itself (explicit) reaches the bank only when the PSU follows the
     * link: the bank's SCA page lasts minutes, and the TPP may start the authorisation much later.
     */
    public Created initiate(NewPayment request) {
        ProvidersConfig.Provider provider = requireProduct(request.providerCode(), request.paymentProduct());
        PaymentOrderRules.validate(request.order(), calendar.today(request.providerCode()), bankProduct(request.paymentProduct()));
        Created created = ledger.create(request);
        Payment payment = request.explicitAuthorisation() ? created.payment() : submit(created.payment(), true);
        return new Created(payment, created.authorisation());
    }

    /** The caller's payment, or ResourceUnknown: the same answer for a foreign, unknown or malformed id. */
    public Payment owned(String providerCode, String tppId, String paymentProduct, String paymentId) {
        requireProduct(providerCode, paymentProduct);
        Payment payment = PAYMENT_ID.matcher(paymentId).matches() ? ledger.get(Long.parseLong(paymentId)) : null;
        if (payment == null || !payment.isVisibleTo(providerCode, tppId, paymentProduct)) {
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
        if (!payment.isSubmitted() || payment.transactionStatus().isFinal()
                || settlementHorizon.isPast(payment, clock.instant())) {
            return payment;
        }
        try {
            return ledger.applyBankState(payment.id(), bank.fetch(payment.providerCode(), payment.bankPaymentId()));
        } catch (Psd2Exception e) {
            LOG.infof("Payment %d: bank status not available (%s), answering the last known status",
                    payment.id(), e.getMessage());
            return ledger.get(payment.id());
        }
    }

    public PaymentOrder order(Payment payment) {
        return ledger.order(payment);
    }

    public List<PaymentAuthorisation> authorisations(Payment payment, AuthorisationKind kind) {
        return ledger.authorisations(payment.id(), kind);
    }

    public PaymentAuthorisation authorisation(Payment payment, AuthorisationKind kind, String authorisationId) {
        return ledger.authorisation(payment.id(), kind, authorisationId)
                .orElseThrow(() -> new Psd2Exception(ErrorClass.RESOURCE_UNKNOWN,
                        "Authorisation '" + authorisationId + "' is unknown"));
    }

    public StartedAuthorisation startAuthorisation(Payment payment) {
        return ledger.startPaymentAuthorisation(payment.id());
    }

    /**
     * Not yet authorised → cancelled at once; authorised but not final → the PSU authorises the cancellation at
     * the bank; final → CancellationInvalid.
     */
    public Cancellation cancel(Payment payment, String redirectUri, String nokRedirectUri) {
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
            return QuarkusTransaction.requiringNew().call(() -> cancelAtBank(paymentId, redirectUri, nokRedirectUri));
        } catch (Psd2Exception e) {
            if (e.errorClass() == ErrorClass.CANCELLATION_INVALID) {
                throw cancellationInvalid(refreshed(ledger.get(paymentId)));
            }
            if (e.errorClass() == ErrorClass.RESOURCE_UNKNOWN) {
                // the bank lost a payment it acknowledged: not the TPP's fault, and no answer about the payment itself
                LOG.errorf("Payment %d: the bank no longer knows its copy %s", paymentId, current.bankPaymentId());
                throw Psd2Exception.serviceUnavailable("The bank cannot cancel the payment now; try again later",
                        BANK_RETRY_AFTER_SECONDS, e);
            }
            throw e;
        }
    }

    /**
     * Asks the bank to cancel a submitted payment, with the payment's row locked until the answer is stored. Two
     * DELETEs of one payment thus reach the bank one after the other, and the newest cancellation authorisation here
     * is the one the bank will complete (the bank ends the link of the previous one). Holds a database connection
     * for the bank call, as the consent forwarder does: cancellations are rare, and the bank's read timeout bounds it.
     */
    private Cancellation cancelAtBank(long paymentId, String redirectUri, String nokRedirectUri) {
        Payment payment = ledger.lockForCancellation(paymentId);
        if (payment.transactionStatus().isConcluded()) {
            throw new Psd2Exception(ErrorClass.CANCELLATION_INVALID, "final while waiting for an earlier cancellation");
        }
        String state = SecureTokens.random(SecureTokens.LINK_BYTES);
        BankCancellation answer = bank.cancel(payment.providerCode(), payment.bankPaymentId(),
                urls.callback(payment, state));
        if (TransactionStatus.CANC.name().equals(answer.transactionStatus())) {
            return new Cancellation(ledger.markCancelled(paymentId), null);
        }
        if (answer.scaUrl() == null) {
            throw new Psd2Exception(ErrorClass.SERVICE_INVALID, "The bank neither cancelled payment " + paymentId
                    + " nor asked for an authorisation of the cancellation");
        }
        NewAuthorisation authorisation = ledger.startCancellation(paymentId, state, answer.scaUrl(), redirectUri,
                nokRedirectUri);
        return new Cancellation(ledger.get(paymentId), authorisation);
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
            payment = submit(payment, true);
            if (payment.transactionStatus().isConcluded()) {
                // cancelled by the TPP while it was being submitted: nothing to authorise
                throw unusableLink().withTppReturn(tppReturn);
            }
            if (!payment.isSubmitted()) {
                throw Psd2Exception.serviceUnavailable("The bank is not reachable; try the link again later",
                        BANK_RETRY_AFTER_SECONDS, null).withTppReturn(tppReturn);
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
        boolean failed = after.scaStatus() == ScaStatus.failed || (payment.transactionStatus().isConcluded()
                && payment.transactionStatus() != TransactionStatus.CANC);
        return new CallbackOutcome(payment, AuthorisationKind.CANCELLATION, after.scaStatus(),
                failed && after.nokRedirectUri() != null ? after.nokRedirectUri() : after.redirectUri());
    }

    /**
     * The authorisation deadline's unit of work: a payment nobody authorised in time is rejected, after asking the
     * bank once more (it has the last word on an authorisation that did happen). A bank that cannot be asked now is
     * asked on the next round.
     */
    public void rejectIfStillUnauthorised(long paymentId) {
        Payment payment = ledger.get(paymentId);
        if (payment == null || payment.transactionStatus() != TransactionStatus.RCVD) {
            return;
        }
        if (payment.isSubmitted()) {
            try {
                ledger.applyBankState(paymentId, bank.fetch(payment.providerCode(), payment.bankPaymentId()));
            } catch (Psd2Exception e) {
                LOG.infof("Payment %d is past its authorisation deadline; the bank could not be asked (%s), later",
                        paymentId, e.getMessage());
                return;
            }
        }
        if (ledger.rejectUnauthorised(paymentId, NOT_AUTHORISED_IN_TIME).transactionStatus() == TransactionStatus.RJCT) {
            LOG.infof("Payment %d was not authorised within its deadline: RJCT", paymentId);
        }
    }

    /** The retry job's unit of work: forward one payment the bank has not acknowledged yet. */
    public void retrySubmission(long paymentId) {
        Payment payment = ledger.get(paymentId);
        if (payment != null && payment.awaitsSubmission()) {
            submit(payment, false);
        }
    }

    /**
     * The submission job's other unit of work, and the first attempt right after the submission: withdraw the bank's
     * copy of a payment the TPP cancelled while it was being submitted ({@link BankWithdrawal}). Done when the bank
     * cancels it, or says it is cancelled, rejected or unknown; a bank that cannot be asked or refuses is asked again
     * with back-off until {@code payment.withdrawal.max-attempts}; a copy the bank executed, or whose cancellation it
     * wants the PSU to authorise (nobody can: the gateway's links of a cancelled payment are spent), is given up at
     * once. Giving up is one ERROR line; the row keeps it for an operator.
     */
    public void withdraw(long paymentId) {
        Payment payment = ledger.get(paymentId);
        if (payment == null || !payment.awaitsWithdrawal()) {
            return;
        }
        String failure;
        try {
            if (!payment.isSubmitted()) {
                payment = findBankCopy(payment);
                if (payment == null) {
                    return;
                }
            }
            BankCancellation answer = bank.cancel(payment.providerCode(), payment.bankPaymentId(),
                    urls.callback(payment, payment.callbackState()));
            if (TransactionStatus.CANC.name().equals(answer.transactionStatus())) {
                ledger.recordWithdrawn(paymentId);
                LOG.infof("Payment %d: the bank's copy %s of the payment ended here was withdrawn", paymentId,
                        payment.bankPaymentId());
                return;
            }
            giveUp(payment, "the bank answered the cancellation of its copy with " + answer.transactionStatus()
                    + (answer.scaUrl() != null ? " and asks for the PSU's authorisation" : ""));
            return;
        } catch (Psd2Exception e) {
            if (e.errorClass() == ErrorClass.CANCELLATION_INVALID) {
                endWithdrawalOfFinalCopy(payment);
                return;
            }
            if (e.errorClass() == ErrorClass.RESOURCE_UNKNOWN) {
                ledger.recordWithdrawn(paymentId);
                LOG.infof("Payment %d: the bank does not know its copy %s (any more): nothing to withdraw", paymentId,
                        payment.bankPaymentId());
                return;
            }
            failure = e.getMessage();
        }
        if (ledger.recordWithdrawalFailure(paymentId, failure)) {
            logGivenUp(payment, "no attempt succeeded (" + config.withdrawal().maxAttempts() + " made; last: "
                    + failure + ")");
        } else {
            LOG.warnf("Payment %d: the bank's copy %s of the payment ended here could not be withdrawn (%s); the job"
                    + " tries again", paymentId, copyName(payment), failure);
        }
    }

    /**
     * A payment ended here (cancelled, or rejected at its deadline) before the bank acknowledged it: asks the bank for
     * a copy under its idempotency key. None →
     * the withdrawal is done, and null is returned; one → it is recorded as the copy to withdraw, and the payment
     * returned. ServiceUnavailable when the bank cannot be asked (the caller retries).
     */
    private Payment findBankCopy(Payment payment) {
        Optional<BankPaymentState> copy = bank.find(payment.providerCode(), String.valueOf(payment.id()));
        if (copy.isEmpty()) {
            ledger.recordWithdrawn(payment.id());
            LOG.infof("Payment %d ended here (%s) before the bank acknowledged it, and the bank has no copy of it:"
                    + " nothing to withdraw", payment.id(), payment.transactionStatus());
            return null;
        }
        LOG.warnf("Payment %d ended here (%s) before the bank acknowledged it, but the bank has a copy (%s, %s) whose"
                + " submission answer was lost: withdrawing it", payment.id(), payment.transactionStatus(),
                copy.get().bankPaymentId(), copy.get().transactionStatus());
        return ledger.recordBankCopy(payment.id(), copy.get().bankPaymentId());
    }

    /** The bank can no longer cancel its copy: fine if it is cancelled or rejected there, not if it was executed. */
    private void endWithdrawalOfFinalCopy(Payment payment) {
        BankPaymentState copy;
        try {
            copy = bank.fetch(payment.providerCode(), payment.bankPaymentId());
        } catch (Psd2Exception e) {
            if (e.errorClass() == ErrorClass.RESOURCE_UNKNOWN) {
                ledger.recordWithdrawn(payment.id());
                return;
            }
            if (ledger.recordWithdrawalFailure(payment.id(), e.getMessage())) {
                logGivenUp(payment, "the bank's copy is final there, and it could not be asked which status: "
                        + e.getMessage());
            }
            return;
        }
        TransactionStatus status = TransactionStatus.fromBank(copy.transactionStatus());
        if (status == TransactionStatus.CANC || status == TransactionStatus.RJCT) {
            ledger.recordWithdrawn(payment.id());
            LOG.infof("Payment %d: the bank's copy %s of the payment ended here is %s there: nothing to withdraw",
                    payment.id(), payment.bankPaymentId(), status);
            return;
        }
        giveUp(payment, "the bank's copy is " + copy.transactionStatus() + " and can no longer be cancelled");
    }

    private void giveUp(Payment payment, String reason) {
        if (ledger.abandonWithdrawal(payment.id(), reason)) {
            logGivenUp(payment, reason);
        }
    }

    private static void logGivenUp(Payment payment, String reason) {
        LOG.errorf("Payment %d ended here but its bank copy %s (provider %s) could not be withdrawn: %s. Given up;"
                        + " an operator must settle it with the bank (payment.bank_withdrawal = 'ABANDONED')",
                payment.id(), copyName(payment), payment.providerCode(), reason);
    }

    /** The bank's id of the copy, or what is known when a lost submission answer left it unknown. */
    private static String copyName(Payment payment) {
        return payment.isSubmitted() ? payment.bankPaymentId() : "(id unknown: looked up by idempotency key " + payment.id() + ")";
    }

    /** The polling job's unit of work. */
    public void poll(long paymentId) {
        Payment payment = ledger.get(paymentId);
        if (payment != null) {
            refreshed(payment);
        }
    }

    /**
     * Hands the payment, as the caller just read or created it, to the bank with its id as idempotency key, so a
     * retry never creates a second bank payment. Unreachable → kept for the retry job; refused → rejected (and
     * rethrown when {@code inline}). What comes back is read again under the row lock.
     */
    private Payment submit(Payment payment, boolean inline) {
        long paymentId = payment.id();
        try {
            BankSubmission submission = bank.submit(payment.providerCode(), bankOrder(payment));
            Payment after = ledger.recordSubmission(paymentId, submission);
            if (after.awaitsWithdrawal()) {
                withdraw(paymentId);
            }
            return after;
        } catch (Psd2Exception e) {
            if (e.errorClass() == ErrorClass.SERVICE_UNAVAILABLE) {
                ledger.recordSubmitFailure(paymentId, e.getMessage());
                return ledger.get(paymentId);
            }
            LOG.warnf("Payment %d refused by the bank: %s", paymentId, e.getMessage());
            Payment rejected = ledger.rejectAtSubmission(paymentId, REFUSED_BY_BANK, inline ? e : null);
            if (inline) {
                throw e;
            }
            return rejected;
        }
    }

    private BankPaymentOrder bankOrder(Payment payment) {
        PaymentOrder order = ledger.order(payment);
        Map<String, String> amount = Map.of("currency", order.instructedAmount().currency(),
                "amount", order.instructedAmount().amount());
        Map<String, String> address = null;
        if (order.creditorAddress() != null) {
            address = new LinkedHashMap<>();
            PostalAddress a = order.creditorAddress();
            putIfPresent(address, "streetName", a.streetName());
            putIfPresent(address, "buildingNumber", a.buildingNumber());
            putIfPresent(address, "townName", a.townName());
            putIfPresent(address, "postCode", a.postCode());
            putIfPresent(address, "country", a.country());
        }
        String bankProduct = bankProduct(payment.paymentProduct());
        return new BankPaymentOrder(String.valueOf(payment.id()), bankProduct, payment.tppId(),
                payment.tppName(), bankRef(order.debtorAccount()), order.creditorName(), bankRef(order.creditorAccount()),
                address, order.creditorAgentName(), amount, order.remittanceInformationUnstructured(),
                order.endToEndIdentification(),
                order.requestedExecutionDate() == null ? null : order.requestedExecutionDate().toString(),
                payment.psuId(), urls.callback(payment, payment.callbackState()));
    }

    /** The product the bank runs a payment of this product as (payment.bank-products), by default the same. */
    private String bankProduct(String paymentProduct) {
        return config.bankProducts().getOrDefault(paymentProduct, paymentProduct);
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
        Payment payment = PAYMENT_ID.matcher(paymentId).matches() ? ledger.get(Long.parseLong(paymentId)) : null;
        return payment != null && payment.providerCode().equals(providerCode)
                && payment.paymentProduct().equals(paymentProduct) ? payment : null;
    }

    private static BankAccountRef bankRef(AccountRef ref) {
        return ref == null ? null : new BankAccountRef(ref.iban(), ref.bban(), ref.currency());
    }

    private static void putIfPresent(Map<String, String> map, String key, String value) {
        if (value != null) {
            map.put(key, value);
        }
    }

    private static Psd2Exception unknownPayment(String paymentId) {
        return new Psd2Exception(ErrorClass.RESOURCE_UNKNOWN, "Payment '" + ErrorTexts.shown(paymentId, 40)
                + "' is unknown");
    }

    private static Psd2Exception unusableLink() {
        return new Psd2Exception(ErrorClass.RESOURCE_UNKNOWN, "This authorisation link is unknown, used or expired");
    }

    private static Psd2Exception cancellationInvalid(Payment payment) {
        return new Psd2Exception(ErrorClass.CANCELLATION_INVALID, "Payment " + payment.id() + " is "
                + payment.transactionStatus() + " and can no longer be cancelled");
    }
}
