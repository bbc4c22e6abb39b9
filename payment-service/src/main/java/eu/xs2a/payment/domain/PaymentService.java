package eu.xs2a.payment.domain;

import eu.xs2a.payment.aspsp.BankAccountRef;
import eu.xs2a.payment.aspsp.BankCancellation;
import eu.xs2a.payment.aspsp.BankPaymentOrder;
import eu.xs2a.payment.aspsp.BankPort;
import eu.xs2a.payment.aspsp.BankSubmission;
import eu.xs2a.payment.config.PaymentConfig;
import eu.xs2a.payment.domain.PaymentLedger.Created;
import eu.xs2a.payment.domain.PaymentLedger.NewAuthorisation;
import eu.xs2a.payment.domain.PaymentLedger.StartedAuthorisation;
import eu.xs2a.security.error.ErrorClass;
import eu.xs2a.security.error.ErrorTexts;
import eu.xs2a.security.error.Psd2Exception;
import eu.xs2a.security.quarkus.ProviderRegistry;
import eu.xs2a.security.quarkus.ProvidersConfig;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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

    public PaymentService(ProviderRegistry registry, PaymentLedger ledger, BankPort bank, PaymentUrls urls,
                          PaymentConfig config) {
        this.registry = registry;
        this.ledger = ledger;
        this.bank = bank;
        this.urls = urls;
        this.config = config;
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
        requireProduct(request.providerCode(), request.paymentProduct());
        PaymentOrderRules.validate(request.order(), LocalDate.now(config.executionZone()),
                bankProduct(request.paymentProduct()));
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

    /** Asks the bank about a payment that is not final yet; when the bank is unreachable, the last known state. */
    public Payment refreshed(Payment payment) {
        if (!payment.isSubmitted() || payment.transactionStatus().isFinal()) {
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
        if (current.transactionStatus().isFinal()) {
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
        if (payment.transactionStatus().isFinal()) {
            throw new Psd2Exception(ErrorClass.CANCELLATION_INVALID, "final while waiting for an earlier cancellation");
        }
        String state = Secrets.newToken();
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
        String bankScaUrl = kind == AuthorisationKind.PAYMENT ? payment.bankScaUrl() : authorisation.bankScaUrl();
        if (kind == AuthorisationKind.PAYMENT && payment.awaitsSubmission()) {
            payment = submit(payment, true);
            if (payment.transactionStatus().isFinal()) {
                throw unusableLink(); // cancelled by the TPP while it was being submitted: nothing to authorise
            }
            if (!payment.isSubmitted()) {
                throw Psd2Exception.serviceUnavailable("The bank is not reachable; try the link again later", 5, null);
            }
            bankScaUrl = payment.bankScaUrl();
        }
        if (bankScaUrl == null || !ledger.useRedirectToken(payment.id(), kind, authorisationId, token)) {
            throw unusableLink();
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
        PaymentAuthorisation authorisation = ledger.authorisation(payment.id(), kind, authorisationId)
                .filter(a -> token != null && a.acceptsRedirectToken(Secrets.hash(token), java.time.Instant.now()))
                .orElseThrow(PaymentService::unusableLink);
        if (authorisation.scaStatus().isFinal() || payment.transactionStatus().isFinal()) {
            // nothing left to authorise (e.g. cancelled before SCA): the link is spent
            throw unusableLink();
        }
        return authorisation;
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
        boolean failed = after.scaStatus() == ScaStatus.failed || (payment.transactionStatus().isFinal()
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
            if (after.transactionStatus() == TransactionStatus.CANC) {
                withdraw(after);
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

    /** The TPP cancelled while the job was submitting: cancel the bank's copy too (best effort, logged). */
    private void withdraw(Payment payment) {
        try {
            bank.cancel(payment.providerCode(), payment.bankPaymentId(), urls.callback(payment, payment.callbackState()));
        } catch (Psd2Exception e) {
            LOG.errorf("Payment %d was cancelled but its bank copy %s could not be withdrawn: %s", payment.id(),
                    payment.bankPaymentId(), e.getMessage());
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
