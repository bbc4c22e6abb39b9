package eu.xs2a.payment.domain;

import eu.xs2a.platform.notify.NotificationRequest;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import eu.xs2a.payment.aspsp.BankPaymentState;
import eu.xs2a.payment.aspsp.BankEntryState;
import eu.xs2a.payment.aspsp.BankPayeeCheck;
import eu.xs2a.payment.aspsp.BankSubmission;
import eu.xs2a.payment.config.PaymentConfig;
import eu.xs2a.payment.persistence.AuthorisationRepository;
import eu.xs2a.payment.persistence.PaymentRepository;
import eu.xs2a.platform.SecureTokens;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.sca.ScaApproach;
import eu.xs2a.platform.sca.ScaStatus;
import eu.xs2a.platform.task.ClaimedTask;
import eu.xs2a.platform.task.NewTask;
import eu.xs2a.platform.task.TaskConfig;
import eu.xs2a.platform.task.TaskQueue;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Every change of the gateway's payment records, each in its own short transaction with the payment row locked, and
 * the tasks such a change asks for ({@link PaymentTasks}), enqueued in that same transaction. Bank calls happen outside
 * (in {@link PaymentService} and the task handlers), so a slow bank never holds a database lock or connection.
 */
@ApplicationScoped
public class PaymentLedger {

    /** A new authorisation and the one-time token of its scaRedirect link (only its hash is stored). */
    public record NewAuthorisation(PaymentAuthorisation authorisation, String token) {
    }

    /**
     * A created payment and, unless the TPP prefers to start it explicitly, its authorisation. Also the CDI event fired
     * inside the transaction that stores them, so that the answer to the TPP is committed with them. {@code submission}:
     * the submission task the creating request holds and runs once they have committed, or null (none due now).
     */
    public record Created(Payment payment, NewAuthorisation authorisation, String psuMessage, ClaimedTask submission) {

        public Created(Payment payment, NewAuthorisation authorisation) {
            this(payment, authorisation, null, null);
        }
    }

    /**
     * An authorisation the TPP started explicitly, on its payment. Also the CDI event fired inside the transaction that
     * stores it, like {@link Created}.
     */
    public record StartedAuthorisation(Payment payment, NewAuthorisation authorisation) {
    }

    /**
     * A payment the bank refused (or, at a provider with the OAuth SCA approach, could not take:
     * {@link #rejectUnsubmitted}) while its initiation was being answered, and the error that answer is. Also the CDI
     * event fired inside the transaction that rejects it, so that the TPP's retry gets this error even if the service
     * dies before answering (the answer kept at creation said RCVD).
     */
    public record RefusedAtInitiation(Payment payment, Psd2Exception error) {
    }

    @Inject PaymentRepository payments;
    @Inject AuthorisationRepository authorisations;
    @Inject ObjectMapper json;
    @Inject PaymentConfig config;
    @Inject Event<Created> stored;
    @Inject Event<StartedAuthorisation> started;
    @Inject Event<RefusedAtInitiation> refused;
    @Inject Clock clock;
    @Inject SettlementHorizon settlementHorizon;
    @Inject TaskQueue tasks;
    @Inject TaskConfig taskConfig;

    @Transactional
    public Created create(NewPayment request, ScaApproach approach) {
        return create(request, approach, null);
    }

    /** As {@link #create(NewPayment, ScaApproach)}, a periodic payment when {@code standingOrder} is not null. */
    @Transactional
    public Created create(NewPayment request, ScaApproach approach, StandingOrder standingOrder) {
        Instant now = clock.instant();
        Payment payment = Payment.initiate(request.providerCode(), request.tppId(), request.tppName(),
                request.paymentProduct(), write(request.bulk() != null ? request.bulk() : request.order()),
                request.psuId(), request.psuContext().ipAddress(),
                request.redirectUri(), request.nokRedirectUri(), request.explicitAuthorisation(), approach,
                SecureTokens.random(SecureTokens.LINK_BYTES), now).withStandingOrder(standingOrder);
        payment.toldOfTheRequest(request.psuContext(), request.tppBrand(), request.rejectionNoFundsPreferred());
        if (request.document() != null) {
            payment.initiatedWith(request.document().message());
        }
        if (request.bulk() != null) {
            payment.markBulk();
        }
        payment.notifyAt(request.notification());
        payments.persist(payment);
        if (request.document() != null) {
            payments.keepDocument(payment, request.document().bytes());
        }
        // else (explicit redirect): submitted when the PSU follows the link (requireSubmission)
        ClaimedTask submission = payment.submittedAtInitiation() ? claimSubmission(payment) : null;
        NewAuthorisation authorisation = request.explicitAuthorisation() ? null
                : newAuthorisation(payment, AuthorisationKind.PAYMENT, payment.scaApproach(), null, null, null, null,
                now);
        Created created = new Created(payment, authorisation, null, submission);
        stored.fire(created);
        return created;
    }

    /**
     * Keeps the notification wishes a request asked for ({@link PaymentService#notifyAt}), under the row lock as every
     * change: the row is written whole, and a copy read without it would undo a status the bank set meanwhile.
     */
    @Transactional
    public void notifyAt(long id, NotificationRequest notification) {
        locked(id).notifyAt(notification);
    }

    @Transactional
    public Payment get(long id) {
        return payments.findById(id);
    }

    /** The payment of this paymentId, or null. */
    @Transactional
    public Payment byResourceId(String resourceId) {
        return payments.byResourceId(resourceId).orElse(null);
    }

    @Transactional
    public List<PaymentAuthorisation> authorisations(long paymentId, AuthorisationKind kind) {
        return authorisations.of(paymentId, kind);
    }

    @Transactional
    public Optional<PaymentAuthorisation> authorisation(long paymentId, AuthorisationKind kind, String authorisationId) {
        return authorisations.find(paymentId, kind, authorisationId);
    }

    /**
     * An explicitly started payment authorisation; only one per payment and only before the PSU authorised, else
     * StatusInvalid (409: "the addressed resource does not allow additional authorisation"), as every other start.
     */
    @Transactional
    public StartedAuthorisation startPaymentAuthorisation(long paymentId) {
        Payment payment = locked(paymentId);
        if (payment.transactionStatus() != TransactionStatus.RCVD) {
            // the TPP's paymentId: the row's id would tell how many payments the gateway holds
            throw new Psd2Exception(ErrorClass.STATUS_INVALID, "Payment " + payment.resourceId() + " is "
                    + payment.transactionStatus() + " and cannot be authorised any more");
        }
        if (!authorisations.of(paymentId, AuthorisationKind.PAYMENT).isEmpty()) {
            throw new Psd2Exception(ErrorClass.STATUS_INVALID, "An authorisation of payment " + payment.resourceId()
                    + " was already started");
        }
        Instant now = clock.instant();
        payment.touch(now);
        StartedAuthorisation authorisation = new StartedAuthorisation(payment,
                newAuthorisation(payment, AuthorisationKind.PAYMENT, ScaApproach.REDIRECT, null, null, null, null, now));
        started.fire(authorisation);
        return authorisation;
    }

    /**
     * The PSU follows the link of a payment the bank has not acknowledged (explicit authorisation, or a bank that was
     * down): its submission task, unless one is pending already.
     *
     * @return whether a task was added (false: none is needed, or one is pending, e.g. the initiation's)
     */
    @Transactional
    public boolean requireSubmission(long paymentId) {
        Payment payment = payments.findById(paymentId);
        return payment != null && payment.awaitsSubmission() && enqueueSubmission(payment, clock.instant());
    }

    /**
     * The bank acknowledged the payment. Returns the payment; CANC or RJCT means it ended here in the meantime (the
     * TPP cancelled it, or its authorisation deadline passed), and then the bank's copy is marked to be withdrawn and
     * its task enqueued in this same transaction ({@link BankWithdrawal#PENDING}), so that a crash cannot forget it.
     */
    @Transactional
    public Payment recordSubmission(long paymentId, BankSubmission submission) {
        Payment payment = locked(paymentId);
        Instant now = clock.instant();
        payment.markSubmitted(submission.bankPaymentId(), submission.scaUrl(), now);
        payment.learnPayeeVerification(BankPayeeCheck.toDomain(submission.payeeVerification()));
        learnBulkEntries(payment, BankEntryState.toDomain(submission.payments()), now);
        payment.followBank(TransactionStatus.fromBank(submission.transactionStatus()), null, null, now);
        // a decoupled SCA started with the submission: the push went to the PSU's app
        authorisations.latest(paymentId, AuthorisationKind.PAYMENT)
                .ifPresent(a -> a.followBank(ScaStatus.fromBank(submission.scaStatus()), now));
        if (payment.requireWithdrawal(now)) {
            enqueueWithdrawal(payment);
        }
        abandonOpenAuthorisationsIfConcluded(payment, now);
        return payment;
    }

    /** The bank's copy of the payment ended here is gone (cancelled, rejected or unknown there, or none found). */
    @Transactional
    public void recordWithdrawn(long paymentId) {
        Payment payment = locked(paymentId);
        if (payment.awaitsWithdrawal()) {
            payment.endWithdrawal(BankWithdrawal.WITHDRAWN, clock.instant());
        }
    }

    /**
     * The gateway gives up withdrawing the bank's copy (the withdrawal task was given up; the reason is in its row): an
     * operator settles it. Joins the task runtime's transaction. True when it was open.
     */
    @Transactional
    public boolean abandonWithdrawal(long paymentId) {
        Payment payment = locked(paymentId);
        if (!payment.awaitsWithdrawal()) {
            return false;
        }
        payment.endWithdrawal(BankWithdrawal.ABANDONED, clock.instant());
        return true;
    }

    /**
     * The bank refused the payment outright (a 4xx at submission). {@code answer}: the error the initiation being
     * served answers with, announced ({@link RefusedAtInitiation}) in this transaction; null when no request waits for the answer (the task runtime's poller).
     */
    @Transactional
    public Payment rejectAtSubmission(long paymentId, String reason, Psd2Exception answer) {
        Payment payment = locked(paymentId);
        if (payment.transactionStatus().canMoveTo(TransactionStatus.RJCT)) {
            Instant now = clock.instant();
            payment.moveTo(TransactionStatus.RJCT, reason, now);
            abandonOpenAuthorisationsIfConcluded(payment, now);
        }
        if (answer != null) {
            refused.fire(new RefusedAtInitiation(payment, answer));
        }
        return payment;
    }

    /** Takes over the bank's view of the payment and of its open authorisations. */
    @Transactional
    public Payment applyBankState(long paymentId, BankPaymentState state) {
        Payment payment = locked(paymentId);
        Instant now = clock.instant();
        payment.followBank(TransactionStatus.fromBank(state.transactionStatus()), reason(state.statusReason()),
                state.fundsAvailable(), now);
        payment.learnPayeeVerification(BankPayeeCheck.toDomain(state.payeeVerification()));
        learnBulkEntries(payment, BankEntryState.toDomain(state.payments()), now);
        // a debtor account the TPP named stays the payment's: the bank's report only fills in the PSU's choice
        if (state.debtorAccount() != null && payment.chosenDebtorAccount() == null
                && order(payment).debtorAccount() == null) {
            ChosenDebtorAccount.from(state.debtorAccount(), payment.resourceId())
                    .ifPresent(debtor -> payment.learnChosenDebtor(debtor, now));
        }
        authorisations.latest(paymentId, AuthorisationKind.PAYMENT)
                .ifPresent(a -> a.followBank(ScaStatus.fromBank(state.scaStatus()), now));
        if (state.cancellation() != null) {
            authorisations.latest(paymentId, AuthorisationKind.CANCELLATION)
                    .ifPresent(a -> a.followBank(ScaStatus.fromBank(state.cancellation().scaStatus()), now));
        }
        if (payment.transactionStatus() == TransactionStatus.CANC) {
            authorisations.latest(paymentId, AuthorisationKind.CANCELLATION)
                    .ifPresent(a -> a.followBank(ScaStatus.finalised, now));
        }
        abandonOpenAuthorisationsIfConcluded(payment, now);
        return payment;
    }

    /**
     * Cancels a payment the bank has not seen yet. Returns the payment: if it was submitted in the meantime its
     * status is unchanged and the caller must ask the bank instead.
     */
    @Transactional
    public Payment cancelBeforeSubmission(long paymentId) {
        Payment payment = locked(paymentId);
        if (payment.awaitsSubmission()) {
            Instant now = clock.instant();
            payment.moveTo(TransactionStatus.CANC, null, now);
            if (mayHaveReachedBank(payment) && payment.requireWithdrawalOfUnknownCopy(now)) {
                enqueueWithdrawal(payment);
            }
            abandonOpenAuthorisationsIfConcluded(payment, now);
        }
        return payment;
    }

    /**
     * Whether a submission of this unacknowledged payment may have started: an implicit one is submitted at
     * initiation, an explicit one once the PSU follows its link, which needs a started authorisation. Whether it
     * arrived is unknown (an attempt that failed may have been slow, not lost), so only the bank can tell.
     */
    private boolean mayHaveReachedBank(Payment payment) {
        return payment.submittedAtInitiation()
                || authorisations.latest(payment.id(), AuthorisationKind.PAYMENT).isPresent();
    }

    /** The bank's copy of a payment ended here was found by its idempotency key: withdraw that one. */
    @Transactional
    public Payment recordBankCopy(long paymentId, String copyId) {
        Payment payment = locked(paymentId);
        if (payment.awaitsWithdrawal()) {
            payment.adoptBankCopy(copyId, clock.instant());
        }
        return payment;
    }

    /**
     * A DELETE claims the payment for its cancellation call to the bank until {@code until} ({@link
     * Payment#claimCancellation}). False while another DELETE's claim holds it.
     */
    @Transactional
    public boolean claimCancellation(long paymentId, UUID claim, Instant until) {
        return locked(paymentId).claimCancellation(claim, until, clock.instant());
    }

    /** The DELETE holding {@code claim} is done with the bank (also when the call failed). */
    @Transactional
    public void releaseCancellation(long paymentId, UUID claim) {
        locked(paymentId).releaseCancellation(claim);
    }

    /** The bank confirmed the cancellation asked for under {@code claim}, which ends here. */
    @Transactional
    public Payment markCancelled(long paymentId, UUID claim) {
        Payment payment = locked(paymentId);
        if (payment.transactionStatus().canMoveTo(TransactionStatus.CANC)) {
            Instant now = clock.instant();
            payment.moveTo(TransactionStatus.CANC, null, now);
            abandonOpenAuthorisationsIfConcluded(payment, now);
        }
        payment.releaseCancellation(claim);
        return payment;
    }

    /**
     * The bank wants the PSU to authorise the cancellation asked for under {@code claim}: the new cancellation
     * authorisation, which replaces every older one, and the claim ends. Empty when the claim ran out during the bank
     * call and another DELETE may have reached the bank after it (its authorisation is then the newest).
     */
    @Transactional
    public Optional<NewAuthorisation> startCancellation(long paymentId, UUID claim, ScaApproach approach,
                                                        String bankScaStatus, String callbackState,
                                                        String bankScaUrl, String psuId, String redirectUri,
                                                        String nokRedirectUri) {
        Payment payment = locked(paymentId);
        Instant now = clock.instant();
        if (!payment.holdsCancellation(claim, now)) {
            return Optional.empty();
        }
        payment.releaseCancellation(claim);
        // the bank answers the newest cancellation; an older link left open could never complete
        authorisations.of(paymentId, AuthorisationKind.CANCELLATION).forEach(older -> older.abandon(now));
        NewAuthorisation started = newAuthorisation(payment, AuthorisationKind.CANCELLATION, approach, callbackState,
                bankScaUrl, redirectUri, nokRedirectUri, now);
        started.authorisation().followBank(ScaStatus.fromBank(bankScaStatus), now);
        if (psuId != null) {
            // the DELETE's PSU-ID: its embedded password step needs none again, as a creation's
            started.authorisation().startedFor(psuId);
        }
        return Optional.of(started);
    }

    /**
     * An embedded or decoupled authorisation the TPP started (POST …/authorisations or …/cancellation-authorisations)
     * after the bank started a new SCA: the open ones of that kind fail (the bank has one SCA per payment and per
     * cancellation), the new one follows the status the bank's new SCA reached and belongs to the PSU-ID it was
     * started with, if any (multilevel SCA: each signatory has their own). 409 STATUS_INVALID when the payment
     * no longer awaits it (concluded, or, for a payment authorisation, past RCVD and PATC), as for a consent.
     */
    @Transactional
    public PaymentAuthorisation startApiAuthorisation(long paymentId, AuthorisationKind kind, ScaApproach approach,
                                                      String psuId, String bankScaStatus) {
        Payment payment = locked(paymentId);
        requireAwaitingAuthorisation(payment, kind);
        Instant now = clock.instant();
        authorisations.of(paymentId, kind).forEach(open -> open.abandon(now));
        PaymentAuthorisation started = newAuthorisation(payment, kind, approach, null, null, null, null, now)
                .authorisation();
        started.startedFor(psuId);
        started.followBank(ScaStatus.fromBank(bankScaStatus), now);
        payment.touch(now);
        return started;
    }

    /** @throws Psd2Exception STATUS_INVALID when the payment awaits no authorisation of this kind */
    public void requireAwaitingAuthorisation(Payment payment, AuthorisationKind kind) {
        boolean awaits = kind == AuthorisationKind.PAYMENT ? payment.transactionStatus().awaitsAuthorisation()
                : !payment.transactionStatus().isConcluded();
        if (!awaits) {
            throw new Psd2Exception(ErrorClass.STATUS_INVALID, "Payment " + payment.resourceId() + " is "
                    + payment.transactionStatus() + ": it awaits no authorisation");
        }
        // a cancellation's SCA is started again only while the cancellation a DELETE started is open
        if (kind == AuthorisationKind.CANCELLATION && authorisations.latest(payment.id(), kind)
                .map(latest -> latest.scaStatus().isFinal()).orElse(true)) {
            throw new Psd2Exception(ErrorClass.STATUS_INVALID, "No cancellation of payment " + payment.resourceId()
                    + " awaits an authorisation: a DELETE starts one");
        }
    }

    /** A TPP's embedded step was taken at the bank: the authorisation follows the status the bank answered. */
    @Transactional
    public PaymentAuthorisation followScaStep(long paymentId, AuthorisationKind kind, String authorisationId,
                                              ScaStatus reached) {
        locked(paymentId);
        PaymentAuthorisation authorisation = authorisations.find(paymentId, kind, authorisationId).orElseThrow();
        authorisation.followBank(reached, clock.instant());
        return authorisation;
    }

    /**
     * Uses up a scaRedirect token: true exactly once per token, and only before it expires. The payment's lock first,
     * as every writer of its authorisations takes it: one that read this row before would otherwise write it back
     * unspent.
     */
    @Transactional
    public boolean useRedirectToken(long paymentId, AuthorisationKind kind, String authorisationId, String token) {
        locked(paymentId);
        Optional<PaymentAuthorisation> found = authorisations.lock(paymentId, kind, authorisationId);
        if (found.isEmpty()) {
            return false;
        }
        PaymentAuthorisation authorisation = found.get();
        Instant now = clock.instant();
        // read under the row lock: a cancellation that committed meanwhile closed the authorisation
        if (authorisation.scaStatus().isFinal() || !authorisation.acceptsRedirectToken(SecureTokens.sha256Hex(token), now)) {
            return false;
        }
        authorisation.useRedirectToken(now);
        return true;
    }

    @Transactional
    public Optional<PaymentAuthorisation> cancellationByCallback(long paymentId, String callbackState) {
        return authorisations.byCallbackState(paymentId, callbackState)
                .filter(a -> a.kind() == AuthorisationKind.CANCELLATION);
    }

    @Transactional
    public Optional<PaymentAuthorisation> latestAuthorisation(long paymentId, AuthorisationKind kind) {
        return authorisations.latest(paymentId, kind);
    }

    /**
     * The status polling job's round: a status check task ({@link PaymentTasks#STATUS}) for each payment due for one
     * and without one pending: payments that may still change at the bank and not heard of for {@code
     * payment.jobs.stale-after}
     * (executed ones, ACSC, only within the settlement horizon, {@link SettlementHorizon}, the rule TPP reads follow
     * too), and unauthorised ones past their authorisation deadline.
     *
     * @return how many were enqueued
     */
    @Transactional
    public int enqueueStatusChecks() {
        Instant now = clock.instant();
        PaymentConfig.StatusPolling polling = config.statusPolling();
        List<PaymentRepository.Due> due = payments.dueForStatusCheck(now.minus(config.jobs().staleAfter()),
                now.minus(polling.settledInterval()), now.minus(polling.unauthorisedWindow()),
                settlementHorizon.cutoff(now), now.minus(polling.authorisationDeadline()), PaymentTasks.STATUS,
                polling.batchSize());
        int enqueued = 0;
        for (PaymentRepository.Due payment : due) {
            if (tasks.enqueue(NewTask.of(PaymentTasks.STATUS, payment.paymentId())
                    .target(payment.providerCode()))) {
                enqueued++;
            }
        }
        return enqueued;
    }

    /** Whether the payment is still unauthorised (RCVD, PATC) past its authorisation deadline. */
    public boolean isPastAuthorisationDeadline(Payment payment, Instant now) {
        return payment.transactionStatus().awaitsAuthorisation()
                && !payment.createdAt().isAfter(now.minus(config.statusPolling().authorisationDeadline()));
    }

    /**
     * Nobody authorised the payment in time: RJCT, and its open authorisations fail (a final status for both). The
     * bank's copy is withdrawn, so that an SCA still open there cannot execute what the TPP was told is rejected: the
     * copy the bank acknowledged, or, if it never did but may hold one (every answer lost), the one found by its key.
     */
    @Transactional
    public Payment rejectUnauthorised(long paymentId, String reason) {
        Payment payment = locked(paymentId);
        if (payment.transactionStatus().awaitsAuthorisation()) {
            Instant now = clock.instant();
            payment.moveTo(TransactionStatus.RJCT, reason, now);
            if (payment.isSubmitted() ? payment.requireWithdrawal(now)
                    : mayHaveReachedBank(payment) && payment.requireWithdrawalOfUnknownCopy(now)) {
                enqueueWithdrawal(payment);
            }
            abandonOpenAuthorisationsIfConcluded(payment, now);
        }
        return payment;
    }

    /**
     * As {@link #rejectUnauthorised}, only while the payment is not at the bank (a submission running elsewhere may
     * have recorded it meanwhile: then it stays as it is), with {@code answer} announced as the initiation's
     * ({@link RefusedAtInitiation}) in the transaction that rejects it.
     */
    @Transactional
    public Payment rejectUnsubmitted(long paymentId, String reason, Psd2Exception answer) {
        Payment payment = locked(paymentId);
        if (!payment.awaitsSubmission()) {
            return payment;
        }
        rejectUnauthorised(paymentId, reason);
        refused.fire(new RefusedAtInitiation(payment, answer));
        return payment;
    }

    public PaymentOrder order(Payment payment) {
        try {
            return json.readValue(payment.initiation(), PaymentOrder.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Stored initiation of payment " + payment.resourceId()
                    + " is unreadable", e);
        }
    }

    /** A bulk's initiation (for a single payment: IllegalStateException). */
    public Optional<byte[]> document(Payment payment) {
        return payments.document(payment.id());
    }

    public BulkOrder bulkOrder(Payment payment) {
        if (!payment.isBulk()) {
            throw new IllegalStateException("Payment " + payment.resourceId() + " is not a bulk");
        }
        try {
            return json.readValue(payment.initiation(), BulkOrder.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Stored initiation of payment " + payment.resourceId()
                    + " is unreadable", e);
        }
    }

    /** The bank's last report of each entry of a bulk, in order; empty before the bank reported any. */
    public List<BulkEntryState> bulkEntries(Payment payment) {
        if (payment.bulkEntries() == null) {
            return List.of();
        }
        try {
            return List.of(json.readValue(payment.bulkEntries(), BulkEntryState[].class));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Stored bulk entries of payment " + payment.resourceId()
                    + " are unreadable", e);
        }
    }

    private void learnBulkEntries(Payment payment, List<BulkEntryState> entries, Instant now) {
        if (payment.isBulk() && entries != null) {
            payment.learnBulkEntries(write(entries), now);
        }
    }

    private NewAuthorisation newAuthorisation(Payment payment, AuthorisationKind kind, ScaApproach approach,
                                              String callbackState, String bankScaUrl, String redirectUri,
                                              String nokRedirectUri, Instant now) {
        String token = SecureTokens.random(SecureTokens.LINK_BYTES);
        PaymentAuthorisation authorisation = PaymentAuthorisation.start(UUID.randomUUID().toString(), payment.id(),
                kind, approach, SecureTokens.sha256Hex(token), now.plus(config.scaLinkValidity()), callbackState, bankScaUrl,
                redirectUri, nokRedirectUri, now);
        authorisations.persist(authorisation);
        return new NewAuthorisation(authorisation, token);
    }

    /** A concluded payment leaves no authorisation open (see {@link PaymentAuthorisation#closeAt}). */
    private void abandonOpenAuthorisationsIfConcluded(Payment payment, Instant now) {
        if (payment.transactionStatus().isConcluded()) {
            for (AuthorisationKind kind : AuthorisationKind.values()) {
                authorisations.of(payment.id(), kind).forEach(open -> open.closeAt(payment.transactionStatus(), now));
            }
        }
    }

    /**
     * The new payment's submission task, held by the creating request, which submits the payment itself once its
     * transaction has committed ({@link PaymentSubmission#attemptNow(ClaimedTask, Payment)}); the poller takes it up
     * only if that request died before (its lease ran out).
     */
    private ClaimedTask claimSubmission(Payment payment) {
        return tasks.enqueueClaimed(NewTask.of(PaymentTasks.SUBMISSION, payment.resourceId())
                .target(payment.providerCode())).orElseThrow(() -> new IllegalStateException(
                        "Payment " + payment.resourceId() + " has a submission task already"));
    }

    /**
     * The payment's submission task. Not due before the task type's lease has passed: the request that stores the
     * payment submits it itself once its transaction has committed ({@link PaymentSubmission#attemptNow}), and the
     * poller takes it up only if that request died before.
     */
    private boolean enqueueSubmission(Payment payment, Instant now) {
        return tasks.enqueue(NewTask.of(PaymentTasks.SUBMISSION, payment.resourceId())
                .target(payment.providerCode())
                .notBefore(now.plus(taskConfig.lease(PaymentTasks.SUBMISSION))));
    }

    /** The task withdrawing the bank's copy of a payment ended here, due at once. */
    private void enqueueWithdrawal(Payment payment) {
        tasks.enqueue(NewTask.of(PaymentTasks.WITHDRAWAL, payment.resourceId()).target(payment.providerCode()));
    }

    private Payment locked(long paymentId) {
        return payments.lock(paymentId)
                .orElseThrow(() -> new IllegalStateException("Payment " + paymentId + " vanished"));
    }

    private String write(Object order) {
        try {
            return json.writeValueAsString(order);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Cannot store a payment order", e);
        }
    }

    /** statusReason is an ISO 20022 reason code (at most 35 characters). */
    private static String reason(String bankReason) {
        return bankReason == null ? null : bankReason.substring(0, Math.min(bankReason.length(), 35));
    }
}
