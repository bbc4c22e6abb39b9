package eu.xs2a.payment.domain;

import eu.xs2a.platform.SecureTokens;
import eu.xs2a.platform.bank.PsuContext;
import eu.xs2a.platform.notify.NotificationRequest;
import eu.xs2a.platform.notify.NotificationWishes;
import eu.xs2a.platform.sca.ScaApproach;
import jakarta.persistence.Column;
import jakarta.persistence.Embedded;
import jakarta.persistence.Entity;
import jakarta.persistence.EntityListeners;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.SequenceGenerator;
import jakarta.persistence.Table;
import jakarta.persistence.Transient;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/**
 * A payment initiated through the gateway, owned by (providerCode, tppId). The entity guards its own lifecycle:
 * {@link #moveTo} refuses every move that {@link TransactionStatus#canMoveTo} does not allow, so a final payment
 * never changes again.
 */
@Entity
@EntityListeners(PaymentNotifications.PaymentListener.class)
@Table(name = "payment")
public class Payment {

    @Id
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "payment_id")
    @SequenceGenerator(name = "payment_id", sequenceName = "payment_id_seq", allocationSize = 1)
    private Long id;

    /** The paymentId of the interface: random, so that it tells no TPP how many payments there are. */
    @Column(nullable = false, updatable = false)
    private String resourceId;

    @Column(nullable = false)
    private String providerCode;

    @Column(nullable = false)
    private String tppId;

    private String tppName;

    @Column(nullable = false)
    private String paymentProduct;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false)
    private TransactionStatus transactionStatus;

    private String statusReason;

    private Boolean fundsAvailable;

    /** The payment as initiated (normalised JSON of {@link PaymentOrder}). */
    @Column(nullable = false)
    private String initiation;

    /** The debtor account the PSU chose at the bank when the initiation named none ({@link ChosenDebtorAccount}). */
    private String chosenDebtorIban;

    private String chosenDebtorCurrency;

    private String psuId;

    @Column(nullable = false)
    private String psuIpAddress;

    /** What the TPP forwarded of the PSU's request (PSU-IP-Address and the rest), sent to the bank with the payment. */
    @JdbcTypeCode(SqlTypes.JSON)
    private PsuContext psuContext;

    /** The brand under which the TPP meets the PSU (TPP-Brand-Logging-Information), sent to the bank; or null. */
    private String tppBrand;

    /** TPP-Rejection-NoFunds-Preferred, sent to the bank; null when the TPP did not say. */
    private Boolean rejectionNoFundsPreferred;

    private String redirectUri;

    private String nokRedirectUri;

    @Column(nullable = false)
    private boolean explicitAuthorisation;

    /** How the PSU authorises the payment, chosen at initiation: at the bank's pages, through the TPP, in the app. */
    @jakarta.persistence.Enumerated(jakarta.persistence.EnumType.STRING)
    @Column(nullable = false)
    private ScaApproach scaApproach;

    /** Secret part of the bank's return URL for the payment's SCA, so nobody can forge a callback. */
    @Column(nullable = false)
    private String callbackState;

    private String bankPaymentId;

    @Embedded
    private NotificationWishes notification;
    /** The statuses moved to since the payment was last written, for the notifications (taken by the listener). */
    @Transient
    private List<TransactionStatus> statusChanges = new ArrayList<>();

    private String bankScaUrl;

    @Column(nullable = false)
    private Instant createdAt;

    @Column(nullable = false)
    private Instant updatedAt;

    /**
     * When the bank last told the gateway about this payment (an answer or a status event), changed or not: the
     * status polling job asks only about payments not heard of for {@code payment.jobs.stale-after}.
     */
    private Instant bankHeardAt;

    /** When it was executed (ACSC, or ACCC without ACSC seen); set once, where the settlement horizon starts. */
    private Instant executedAt;

    /** Null unless the bank holds a copy of this cancelled payment that must be withdrawn ({@link BankWithdrawal}). */
    @Enumerated(EnumType.STRING)
    private BankWithdrawal bankWithdrawal;

    private Instant withdrawalEndedAt;

    /**
     * The DELETE asking the bank to cancel the payment right now, and until when its claim holds (a service that died
     * during the call leaves it; it runs out after one bank call): see {@link #claimCancellation}.
     */
    private UUID cancellationClaim;

    private Instant cancellationClaimUntil;

    /** The bank's Verification of Payee ({@link PayeeVerification}), once the bank has the payment; SEPA only. */
    private String payeeVerification;

    private String payeeMatchedName;

    /**
     * The Berlin Group payment service of its path: {@link PaymentUrls#PAYMENTS}, {@link PaymentUrls#BULK} or
     * {@link PaymentUrls#PERIODIC_PAYMENTS}.
     */
    @Column(nullable = false)
    private String paymentService = PaymentUrls.PAYMENTS;

    /** A bulk's entries as the bank last reported them (JSON list of {@link BulkEntryState}); null until then. */
    private String bulkEntries;
    /** The terms of a periodic payment (Berlin Group periodic-payments); null for a single payment. */
    @JdbcTypeCode(SqlTypes.JSON)
    private StandingOrder standingOrder;
    /** The pain.001 document of a {@code pain.001-} initiation, which its status reports name; else null. */
    @JdbcTypeCode(SqlTypes.JSON)
    private OriginalMessage originalMessage;

    protected Payment() {
        // JPA
    }

    public static Payment initiate(String providerCode, String tppId, String tppName, String paymentProduct,
                                   String initiationJson, String psuId, String psuIpAddress, String redirectUri,
                                   String nokRedirectUri, boolean explicitAuthorisation, ScaApproach scaApproach,
                                   String callbackState, Instant now) {
        Payment payment = new Payment();
        payment.resourceId = SecureTokens.random(SecureTokens.ID_BYTES);
        payment.providerCode = providerCode;
        payment.tppId = tppId;
        payment.tppName = tppName;
        payment.paymentProduct = paymentProduct;
        payment.transactionStatus = TransactionStatus.RCVD;
        payment.initiation = initiationJson;
        payment.psuId = psuId;
        payment.psuIpAddress = psuIpAddress;
        payment.redirectUri = redirectUri;
        payment.nokRedirectUri = nokRedirectUri;
        payment.explicitAuthorisation = explicitAuthorisation;
        payment.scaApproach = scaApproach;
        payment.callbackState = callbackState;
        payment.createdAt = now;
        payment.updatedAt = now;
        return payment;
    }

    /**
     * Keeps what the bank is told of the initiation besides the order: the PSU's context, the TPP's brand, and
     * whether the TPP prefers a rejection when funds fall short (null: not said).
     */
    public void toldOfTheRequest(PsuContext context, String brand, Boolean noFundsRejection) {
        psuContext = context;
        tppBrand = brand;
        rejectionNoFundsPreferred = noFundsRejection;
    }

    /** The TPP's TPP-Rejection-NoFunds-Preferred, or null. */
    public Boolean rejectionNoFundsPreferred() {
        return rejectionNoFundsPreferred;
    }

    /** The PSU's context of the initiation; null for a payment stored before the gateway kept it. */
    public PsuContext psuContext() {
        return psuContext;
    }

    /** The TPP's brand (TPP-Brand-Logging-Information) of the initiation, or null. */
    public String tppBrand() {
        return tppBrand;
    }

    /** Makes the new payment a periodic one, before it is stored. */
    public Payment withStandingOrder(StandingOrder terms) {
        if (id != null) {
            throw new IllegalTransitionException("Payment " + resourceId + " is stored: its kind is fixed");
        }
        this.standingOrder = terms;
        if (terms != null) {
            this.paymentService = PaymentUrls.PERIODIC_PAYMENTS;
        }
        return this;
    }

    /** The terms of a periodic payment, or null for a single one. */
    public StandingOrder standingOrder() {
        return standingOrder;
    }

    /** Keeps the pain.001 document the new payment was initiated with (null: a JSON initiation). */
    public void initiatedWith(OriginalMessage message) {
        originalMessage = message;
    }

    /** The pain.001 document of the initiation, or null (a JSON initiation, or one from before it was kept). */
    public OriginalMessage originalMessage() {
        return originalMessage;
    }

    /** Whether the resource belongs to this caller under this provider and product (else it "does not exist"). */
    public boolean isVisibleTo(String providerCode, String tppId, String paymentProduct) {
        return this.providerCode.equals(providerCode) && this.tppId.equals(tppId)
                && this.paymentProduct.equals(paymentProduct);
    }

    public String paymentService() {
        return paymentService;
    }

    public boolean isBulk() {
        return PaymentUrls.BULK.equals(paymentService);
    }

    /** Set at initiation, before it is stored: the initiation is a {@link BulkOrder}. */
    void markBulk() {
        paymentService = PaymentUrls.BULK;
    }

    public String bulkEntries() {
        return bulkEntries;
    }

    /** The bank's report of the bulk's entries (JSON), kept as the last word on each. */
    void learnBulkEntries(String json, Instant now) {
        if (json != null && !json.equals(bulkEntries)) {
            bulkEntries = json;
            updatedAt = now;
        }
    }

    /**
     * Whether the initiation submits the payment: always, except a redirect payment whose authorisation the TPP
     * starts itself, which reaches the bank when the PSU follows its link (the bank's SCA page lasts minutes). An
     * embedded or decoupled authorisation started later starts a new SCA at the bank instead.
     */
    public boolean submittedAtInitiation() {
        return !explicitAuthorisation || scaApproach != ScaApproach.REDIRECT;
    }

    /** Whether the submission asks the bank to push the approval to the PSU's app at once (implicit decoupled). */
    public boolean decoupledAtSubmission() {
        return scaApproach == ScaApproach.DECOUPLED && !explicitAuthorisation;
    }

    public ScaApproach scaApproach() {
        return scaApproach;
    }

    public boolean isSubmitted() {
        return bankPaymentId != null;
    }

    /** Still waiting for its first successful submission to the bank (task payment-submission). */
    public boolean awaitsSubmission() {
        return bankPaymentId == null && transactionStatus == TransactionStatus.RCVD;
    }

    public void markSubmitted(String bankPaymentId, String bankScaUrl, Instant now) {
        if (this.bankPaymentId != null && !this.bankPaymentId.equals(bankPaymentId)) {
            throw new IllegalTransitionException("Payment " + resourceId + " is already known to the bank as "
                    + this.bankPaymentId);
        }
        if (this.bankPaymentId == null && bankWithdrawal != null && !awaitsWithdrawal()) {
            // that withdrawal ended while no copy was known (the bank had none yet, or could not be asked): this
            // copy arrived later, and must be withdrawn in its turn
            this.bankWithdrawal = null;
        }
        this.bankPaymentId = bankPaymentId;
        if (bankScaUrl != null) {
            this.bankScaUrl = bankScaUrl;
        }
        this.updatedAt = now;
    }

    /** Keeps what the TPP asked to be notified of at the initiation, a cancellation or an explicit start. */
    public void notifyAt(NotificationRequest request) {
        notification = NotificationWishes.after(notification, request);
    }

    /** The kept wishes, for the answer headers. */
    public NotificationRequest notificationWishes() {
        return NotificationWishes.stored(notification);
    }

    /** The statuses moved to since the last call, oldest first; the payment forgets them. */
    List<TransactionStatus> takeStatusChanges() {
        List<TransactionStatus> taken = statusChanges;
        statusChanges = new ArrayList<>();
        return taken;
    }

    /** Applies a legal move; an illegal one is a programming error. */
    public void moveTo(TransactionStatus target, String reason, Instant now) {
        if (!transactionStatus.canMoveTo(target)) {
            throw new IllegalTransitionException("Payment " + resourceId + " cannot move from " + transactionStatus
                    + " to " + target);
        }
        this.transactionStatus = target;
        statusChanges.add(target);
        if (reason != null) {
            this.statusReason = reason;
        }
        if (target.isExecuted() && executedAt == null) {
            this.executedAt = now;
        }
        this.updatedAt = now;
    }

    /**
     * Takes the bank's view where it moves the payment forward; anything else (stale, backwards, a repeat) is ignored.
     * The one way a bank answer or a bank status event reaches the payment; either way the bank was heard from.
     */
    public boolean followBank(TransactionStatus bankStatus, String reason, Boolean bankFundsAvailable, Instant now) {
        boolean changed = false;
        if (bankFundsAvailable != null && !bankFundsAvailable.equals(fundsAvailable) && !transactionStatus.isConcluded()) {
            fundsAvailable = bankFundsAvailable;
            changed = true;
        }
        if (bankStatus != null && transactionStatus.canMoveTo(bankStatus)) {
            moveTo(bankStatus, reason, now);
            changed = true;
        }
        bankHeardAt = now;
        return changed;
    }

    /**
     * The bank acknowledged a payment that ended here meanwhile (cancelled, or rejected at its authorisation deadline):
     * its copy at the bank must be withdrawn. Once ended, a withdrawal is never asked for again.
     *
     * @return whether a withdrawal was opened (the caller enqueues its task in the same transaction)
     */
    public boolean requireWithdrawal(Instant now) {
        if (!isEndedHere() || bankPaymentId == null || bankWithdrawal != null) {
            return false;
        }
        openWithdrawal(now);
        return true;
    }

    /**
     * Ended here (cancelled by the TPP, or rejected at its authorisation deadline) before the bank acknowledged it, but
     * a submission may have reached the bank and its answer been lost (the bank too slow, the service stopped): the
     * bank is asked for a copy under the payment's idempotency key, once no submission is on its way any more, and
     * what it finds is withdrawn.
     *
     * @return whether a withdrawal was opened (the caller enqueues its task in the same transaction)
     */
    public boolean requireWithdrawalOfUnknownCopy(Instant now) {
        if (!isEndedHere() || bankPaymentId != null || bankWithdrawal != null) {
            return false;
        }
        openWithdrawal(now);
        return true;
    }

    private void openWithdrawal(Instant now) {
        this.bankWithdrawal = BankWithdrawal.PENDING;
        this.withdrawalEndedAt = null;
        this.updatedAt = now;
    }

    /**
     * A status that the gateway may set without the bank's word (a TPP's cancellation, the authorisation deadline), so
     * that a copy at the bank may still be open: the only statuses a withdrawal is for.
     */
    private boolean isEndedHere() {
        return transactionStatus == TransactionStatus.CANC || transactionStatus == TransactionStatus.RJCT;
    }

    /** The bank's copy of an ended payment, found by its idempotency key, is the one to withdraw. */
    public void adoptBankCopy(String copyId, Instant now) {
        if (!isEndedHere() || !awaitsWithdrawal()) {
            throw new IllegalTransitionException("Payment " + resourceId
                    + " has no withdrawal that could adopt a bank copy");
        }
        if (bankPaymentId == null) {
            this.bankPaymentId = copyId;
            this.updatedAt = now;
        }
    }

    public boolean awaitsWithdrawal() {
        return bankWithdrawal == BankWithdrawal.PENDING;
    }

    /**
     * The withdrawal ends: the bank's copy is gone ({@code WITHDRAWN}), or the gateway gives up ({@code ABANDONED}; the
     * reason stays in the task's row).
     */
    public void endWithdrawal(BankWithdrawal outcome, Instant now) {
        if (outcome == BankWithdrawal.PENDING) {
            throw new IllegalArgumentException("A withdrawal ends WITHDRAWN or ABANDONED");
        }
        this.bankWithdrawal = outcome;
        this.withdrawalEndedAt = now;
    }

    /**
     * A DELETE claims the payment for its call to the bank's cancellation, until {@code until}: while one holds the
     * claim, another waits for it instead of calling the bank beside it. Without a row lock held across the call, this
     * keeps two cancellations of one payment in the bank's order, so the newest authorisation here is the bank's.
     *
     * @return whether {@code claim} holds it now (false: another DELETE's live claim)
     */
    public boolean claimCancellation(UUID claim, Instant until, Instant now) {
        if (cancellationClaim != null && !claim.equals(cancellationClaim) && cancellationClaimUntil.isAfter(now)) {
            return false;
        }
        this.cancellationClaim = claim;
        this.cancellationClaimUntil = until;
        return true;
    }

    /** Whether {@code claim} is the DELETE's that holds the payment (its claim did not run out and was not taken). */
    public boolean holdsCancellation(UUID claim, Instant now) {
        return claim.equals(cancellationClaim) && cancellationClaimUntil.isAfter(now);
    }

    /** The DELETE is done with the bank; nothing if another has taken its claim over meanwhile. */
    public void releaseCancellation(UUID claim) {
        if (claim.equals(cancellationClaim)) {
            this.cancellationClaim = null;
            this.cancellationClaimUntil = null;
        }
    }

    /** Something happened to the payment (e.g. an authorisation was started) that the status job should follow. */
    public void touch(Instant now) {
        this.updatedAt = now;
    }

    /**
     * The debtor account the PSU chose at the bank. Kept from the first report on: the PSU chooses once, and a
     * later report cannot change which account the payment is from.
     */
    public boolean learnChosenDebtor(AccountRef debtor, Instant now) {
        if (chosenDebtorIban != null) {
            return false;
        }
        this.chosenDebtorIban = debtor.iban();
        this.chosenDebtorCurrency = debtor.currency();
        this.updatedAt = now;
        return true;
    }

    /** The debtor account the PSU chose at the bank, or null (the initiation named one, or the PSU has not chosen). */
    public AccountRef chosenDebtorAccount() {
        return chosenDebtorIban == null ? null
                : new AccountRef(chosenDebtorIban, null, null, null, chosenDebtorCurrency);
    }

    /** The gateway's own key of the payment, which its tables and tasks refer to; never shown to a TPP. */
    public Long id() {
        return id;
    }

    /** The paymentId a TPP addresses the payment by, and the bank knows it by (its idempotency key). */
    public String resourceId() {
        return resourceId;
    }

    public String providerCode() {
        return providerCode;
    }

    public String tppId() {
        return tppId;
    }

    public String tppName() {
        return tppName;
    }

    public String paymentProduct() {
        return paymentProduct;
    }

    public TransactionStatus transactionStatus() {
        return transactionStatus;
    }

    public String statusReason() {
        return statusReason;
    }

    public Boolean fundsAvailable() {
        return fundsAvailable;
    }

    public PayeeVerification payeeVerification() {
        return payeeVerification == null ? null : new PayeeVerification(payeeVerification, payeeMatchedName);
    }

    /** The bank verifies the payee once, when it takes the payment: the first answer that carries it is kept. */
    public void learnPayeeVerification(PayeeVerification verification) {
        if (verification != null && payeeVerification == null) {
            payeeVerification = verification.result();
            payeeMatchedName = verification.matchedName();
        }
    }

    public String initiation() {
        return initiation;
    }

    public String psuId() {
        return psuId;
    }

    public String psuIpAddress() {
        return psuIpAddress;
    }

    public String redirectUri() {
        return redirectUri;
    }

    public String nokRedirectUri() {
        return nokRedirectUri;
    }

    public boolean explicitAuthorisation() {
        return explicitAuthorisation;
    }

    public String callbackState() {
        return callbackState;
    }

    public String bankPaymentId() {
        return bankPaymentId;
    }

    public String bankScaUrl() {
        return bankScaUrl;
    }

    public Instant createdAt() {
        return createdAt;
    }

    /** The last change of the payment. */
    public Instant updatedAt() {
        return updatedAt;
    }

    /** When it was executed; null until then ({@link SettlementHorizon}). */
    public Instant executedAt() {
        return executedAt;
    }

    public BankWithdrawal bankWithdrawal() {
        return bankWithdrawal;
    }

}
