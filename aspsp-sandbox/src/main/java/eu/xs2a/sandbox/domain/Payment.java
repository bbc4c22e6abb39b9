package eu.xs2a.sandbox.domain;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Table;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;

/**
 * A payment order submitted by the gateway. Lifecycle: RCVD → (SCA) ACTC → ACSP | RJCT → (settlement) ACSC, with
 * PATC between RCVD and ACTC while a debtor account that needs several signatures has some of them; CANC from RCVD
 * (or PATC) at once, from ACTC/ACSP after the PSU authorised the cancellation. Final states stay final.
 */
@Entity
@Table(name = "payment")
public class Payment extends ScaResource {

    /** ISO 20022 status reasons the sandbox answers with. */
    public static final String REASON_INSUFFICIENT_FUNDS = "AM04";
    public static final String REASON_BLOCKED_ACCOUNT = "AC06";
    public static final String REASON_CLOSED_ACCOUNT = "AC04";
    public static final String REASON_WRONG_CURRENCY = "AM03";
    public static final String REASON_ACCOUNT_NOT_PSUS = "AC01";
    public static final String REASON_PSU_DENIED = "DS02";
    public static final String REASON_SCA_FAILED = "DS0D";

    public String idempotencyKey;

    /** The signing basket this request is in (BANK-API.md "Signing baskets"), if any: then only the basket's SCA authorises it. */
    public String basketId;

    public String paymentProduct;

    /** The debtor IBAN as the TPP gave it, or as the PSU picked it on the SCA page. */
    public String debtorIban;

    public String debtorAccountId;

    public String creditorName;

    public String creditorIban;

    @Column(columnDefinition = "text")
    public String creditorAddress;

    /** The creditor's bank (BIC); required for a cross-border credit transfer. */
    public String creditorAgent;

    public String creditorAgentName;

    @Column(precision = 18, scale = 2)
    public BigDecimal amount;

    public String currency;

    /**
     * What the debtor account is debited, in its own currency: the amount, or for a cross-border credit transfer in
     * another currency the amount converted at the bank's rate ({@code sandbox.fx-rates}); set when executed.
     */
    @Column(precision = 18, scale = 2)
    public BigDecimal debitAmount;

    /** The debit's amount: {@link #debitAmount} once executed (older payments have none: the amount). */
    public BigDecimal debit() {
        return debitAmount == null ? amount : debitAmount;
    }

    public String remittance;

    public String endToEndId;

    public LocalDate requestedExecutionDate;

    @Enumerated(EnumType.STRING)
    public TransactionStatus transactionStatus;

    public String statusReason;

    public Boolean fundsAvailable;

    @Enumerated(EnumType.STRING)
    public ScaStatus cancellationScaStatus;

    public String cancellationReturnUrl;

    public Instant authorisedAt;

    public Instant settledAt;

    /** Verification of Payee at submission ({@link PayeeVerifier}); null for products outside the SEPA schemes. */
    public String payeeVerification;

    /** The creditor IBAN's holder, told to the PSU for a close match (CMTC) only. */
    public String payeeMatchedName;

    /**
     * Null for a single payment; for a bulk ({@link PaymentEntry}), whether it is booked as one debit of the total
     * (else each entry on its own).
     */
    public Boolean batchBooking;

    public boolean isBulk() {
        return batchBooking != null;
    }

    /** A standing order's terms (BANK-API.md "Standing orders"); all null for a single payment. */
    public LocalDate startDate;

    public LocalDate endDate;

    public String executionRule;

    public String frequency;

    public Integer dayOfExecution;

    /** MonthlyVariable's months, comma separated. */
    public String monthsOfExecution;

    /** The standing order's next occurrence and the day it is executed; null once it has ended. */
    public Integer nextOccurrence;

    public LocalDate nextExecutionDate;

    /** How many occurrences of the standing order were executed (booked or refused for want of funds). */
    public int executions;

    /** The TPP's TPP-Rejection-NoFunds-Preferred: false lets the payment wait for funds; null or true: AM04 at once. */
    public Boolean rejectionNoFundsPreferred;

    /** Until when an authorised payment the funds did not cover waits for them (ACTC); null when it does not wait. */
    public Instant awaitsFundsUntil;

    public boolean isStandingOrder() {
        return frequency != null;
    }

    public void keepStandingOrder(StandingOrder terms) {
        startDate = terms.startDate();
        endDate = terms.endDate();
        executionRule = terms.executionRule() == null ? "following" : terms.executionRule();
        frequency = terms.frequency();
        dayOfExecution = terms.dayOfExecution();
        monthsOfExecution = terms.monthsOfExecution() == null ? null
                : String.join(",", terms.monthsOfExecution().stream().map(String::valueOf).toList());
    }

    public StandingOrder standingOrder() {
        return !isStandingOrder() ? null : new StandingOrder(startDate, endDate, executionRule, frequency,
                dayOfExecution, monthsOfExecution == null ? null
                : java.util.Arrays.stream(monthsOfExecution.split(",")).map(Integer::valueOf).toList());
    }

    /** An authorised standing order is accepted: ACSP until its last occurrence ran, the first one scheduled. */
    public void acceptStandingOrder() {
        requireStatus(TransactionStatus.ACTC);
        transactionStatus = TransactionStatus.ACSP;
        schedule(standingOrder().occurrenceFrom(0));
    }

    /** The due occurrence ran; the next one is scheduled, or after the last one the order is executed (ACSC). */
    public void occurrenceExecuted(Instant now) {
        requireStatus(TransactionStatus.ACSP);
        executions++;
        schedule(standingOrder().occurrenceFrom(nextOccurrence + 1));
        if (nextOccurrence == null) {
            transactionStatus = TransactionStatus.ACSC;
            settledAt = now;
        }
    }

    private void schedule(java.util.Optional<StandingOrder.Occurrence> next) {
        nextOccurrence = next.map(StandingOrder.Occurrence::index).orElse(null);
        nextExecutionDate = next.map(StandingOrder.Occurrence::day).orElse(null);
    }

    @Override
    public boolean awaitsSca() {
        return awaitsAuthorisation() && !scaStatus.isFinal();
    }

    /** Not authorised yet: no signature (RCVD) or not all of them (PATC). */
    public boolean awaitsAuthorisation() {
        return transactionStatus == TransactionStatus.RCVD || transactionStatus == TransactionStatus.PATC;
    }

    public boolean awaitsCancellationSca() {
        return cancellationScaStatus != null && !cancellationScaStatus.isFinal()
                && (transactionStatus == TransactionStatus.ACTC || transactionStatus == TransactionStatus.ACSP);
    }

    /** The PSU confirmed with the OTP: technically accepted, the bank checks funds and account next. */
    public void authorise(Instant now) {
        scaFinalised();
        signed();
        transactionStatus = TransactionStatus.ACTC;
        authorisedAt = now;
    }

    /** A signatory authorised, another signature is still needed (multilevel SCA). */
    public void partiallyAuthorise() {
        signedPartly();
        transactionStatus = TransactionStatus.PATC;
    }

    /** Funds reserved and account fine: accepted for execution. */
    public void acceptForExecution() {
        requireStatus(TransactionStatus.ACTC);
        fundsAvailable = true;
        awaitsFundsUntil = null;
        transactionStatus = TransactionStatus.ACSP;
    }

    /** Whether funds short at the authorisation leave it waiting for them, as the TPP preferred. */
    public boolean waitsForFundsWhenShort() {
        return Boolean.FALSE.equals(rejectionNoFundsPreferred) && !isBulk() && !isStandingOrder();
    }

    /** The funds do not cover it yet: it stays technically accepted (ACTC) and waits for them until {@code until}. */
    public void awaitFunds(Instant until) {
        requireStatus(TransactionStatus.ACTC);
        fundsAvailable = false;
        awaitsFundsUntil = until;
    }

    /** Whether it is waiting for funds now (an ACTC payment that ended otherwise, e.g. cancelled, is not). */
    public boolean awaitsFunds() {
        return awaitsFundsUntil != null && transactionStatus == TransactionStatus.ACTC;
    }

    /** Refused by the bank's checks after authorisation. */
    public void rejectAfterChecks(String reason, Boolean funds) {
        requireStatus(TransactionStatus.ACTC);
        fundsAvailable = funds;
        awaitsFundsUntil = null;
        reject(reason);
    }

    /** The PSU denied, failed SCA or is not allowed to pay from the account. */
    public void rejectSca(String reason) {
        scaFailed();
        reject(reason);
    }

    public void settle(Instant now) {
        requireStatus(TransactionStatus.ACSP);
        transactionStatus = TransactionStatus.ACSC;
        settledAt = now;
    }

    /** A bulk without batch booking whose accepted entries are booked while others were rejected: PART. */
    public void settlePartly(Instant now) {
        settle(now);
        transactionStatus = TransactionStatus.PART;
    }

    /** A not yet authorised payment is cancelled at once. */
    public void cancelBeforeAuthorisation() {
        if (!awaitsAuthorisation()) {
            throw BankException.conflict("PAYMENT_INVALID", "payment " + id + " is " + transactionStatus
                    + ", expected RCVD or PATC");
        }
        if (!scaStatus.isFinal()) {
            scaStatus = ScaStatus.failed;
        }
        transactionStatus = TransactionStatus.CANC;
    }

    /** An authorised payment needs the PSU to authorise its cancellation. */
    public void requestCancellation(String returnUrl) {
        if (transactionStatus != TransactionStatus.ACTC && transactionStatus != TransactionStatus.ACSP) {
            throw BankException.conflict("CANCELLATION_INVALID", "payment " + id + " is " + transactionStatus + " and cannot be cancelled");
        }
        cancellationScaStatus = ScaStatus.received;
        cancellationReturnUrl = returnUrl;
    }

    public void cancellationPsuIdentified() {
        requireAwaitingCancellationSca();
        cancellationScaStatus = ScaStatus.psuIdentified;
    }

    /** A step of the cancellation's SCA through the API (BANK-API.md "SCA through the API"). */
    public void cancellationScaStep(ScaStatus status) {
        requireAwaitingCancellationSca();
        cancellationScaStatus = status;
    }

    public void cancellationScaStarted() {
        requireAwaitingCancellationSca();
        cancellationScaStatus = ScaStatus.started;
    }

    public void cancellationAuthorised() {
        requireAwaitingCancellationSca();
        cancellationScaStatus = ScaStatus.finalised;
        transactionStatus = TransactionStatus.CANC;
        if (isStandingOrder()) {
            // no occurrence is executed any more; one that ran stays booked, so the order counts as executed
            nextOccurrence = null;
            nextExecutionDate = null;
            if (executions > 0) {
                transactionStatus = TransactionStatus.ACSC;
            }
        }
    }

    public void cancellationRefused() {
        requireAwaitingCancellationSca();
        cancellationScaStatus = ScaStatus.failed;
    }

    private void reject(String reason) {
        transactionStatus = TransactionStatus.RJCT;
        statusReason = reason;
    }

    @Override
    protected BankException noLongerAwaitingSca() {
        return BankException.conflict("PAYMENT_INVALID", "payment " + id + " is " + transactionStatus + " and no longer awaits SCA");
    }

    private void requireAwaitingCancellationSca() {
        if (!awaitsCancellationSca()) {
            throw BankException.conflict("CANCELLATION_INVALID", "payment " + id + " has no cancellation awaiting SCA");
        }
    }

    private void requireStatus(TransactionStatus expected) {
        if (transactionStatus != expected) {
            throw BankException.conflict("PAYMENT_INVALID", "payment " + id + " is " + transactionStatus + ", expected " + expected);
        }
    }
}
