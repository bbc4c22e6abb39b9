package eu.xs2a.payment.domain;

import eu.xs2a.payment.config.PaymentConfig;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.time.Instant;

/**
 * How long the bank is asked about an executed payment (ACSC) for its settlement on the creditor's account (ACCC):
 * {@code payment.status-polling.settlement-horizon} after it was executed ({@code executed_at}, set once when it reached
 * ACSC; a later change, such as the bank reporting the debtor account, does not start it again). One rule for the
 * polling job and for TPP reads, so that past the horizon nobody asks: a bank that never reports ACCC (the sandbox, many
 * real ones) would otherwise be asked on every status read for ever, and a read would learn what the job had given up
 * following. The job selects by it in SQL ({@code PaymentRepository.lockDueForStatusCheck}: {@code
 * coalesce(executed_at, updated_at) > cutoff}, the negation of {@link #isPast}).
 */
@Singleton
public class SettlementHorizon {

    private final Duration horizon;

    @Inject
    public SettlementHorizon(PaymentConfig config) {
        this(config.statusPolling().settlementHorizon());
    }

    public SettlementHorizon(Duration horizon) {
        this.horizon = horizon;
    }

    /** An executed payment that reached ACSC after this instant (exclusive) is within the horizon at {@code now}. */
    public Instant cutoff(Instant now) {
        return now.minus(horizon);
    }

    /**
     * True for an executed payment (ACSC) that reached ACSC at or before {@link #cutoff}: the bank is no longer asked
     * about it, its stored status is the answer. Other statuses are never past it (final ones are not asked about at
     * all, open ones until they conclude).
     */
    public boolean isPast(Payment payment, Instant now) {
        return payment.transactionStatus() == TransactionStatus.ACSC && !executedAt(payment).isAfter(cutoff(now));
    }

    /**
     * When it was executed. A pod of the previous release, still running during a rolling update after migration V4,
     * moves a payment to ACSC without setting executed_at; its last change is then the best value, as V4 took for the
     * payments executed before.
     */
    private static Instant executedAt(Payment payment) {
        return payment.executedAt() != null ? payment.executedAt() : payment.updatedAt();
    }
}
