package eu.xs2a.payment.domain;

import eu.xs2a.platform.sca.ScaApproach;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The settlement horizon: the one rule by which the job and TPP reads stop asking about an executed payment. */
class SettlementHorizonTest {

    private static final Duration HORIZON = Duration.ofHours(72);
    private final SettlementHorizon horizon = new SettlementHorizon(HORIZON);
    private final Instant executedAt = Instant.parse("2026-11-20T09:15:00Z");

    private Payment payment(TransactionStatus status) {
        Payment payment = Payment.initiate("sandbox", "PSDDE-BAFIN-1", "T", "sepa-credit-transfers", "{}", null,
                "10.0.0.1", "https://tpp.example", null, false, ScaApproach.REDIRECT, "s", executedAt.minusSeconds(60));
        payment.markSubmitted("BP-1", null, executedAt.minusSeconds(50));
        payment.followBank(status, null, null, executedAt);
        return payment;
    }

    @Test
    void theCutoffIsTheHorizonBeforeNow() {
        Instant now = Instant.parse("2026-11-24T12:00:00Z");
        assertEquals(now.minus(HORIZON), horizon.cutoff(now));
    }

    @Test
    void anExecutedPaymentIsFollowedUntilTheHorizonHasPassedSinceItReachedAcsc() {
        Payment executed = payment(TransactionStatus.ACSC);
        assertEquals(executedAt, executed.executedAt());
        assertFalse(horizon.isPast(executed, executedAt));
        assertFalse(horizon.isPast(executed, executedAt.plus(HORIZON).minusNanos(1000)));
        // the job selects updated_at > cutoff: at exactly the horizon it is out, for reads too
        assertTrue(horizon.isPast(executed, executedAt.plus(HORIZON)));
        assertTrue(horizon.isPast(executed, executedAt.plus(HORIZON).plusSeconds(3600)));
    }

    @Test
    void aChangeAfterExecutionDoesNotStartTheHorizonAgain() {
        Payment executed = payment(TransactionStatus.ACSC);
        Instant later = executedAt.plus(HORIZON).minusSeconds(60);
        // the bank reports the debtor account a day after execution; the payment's last change moves, its execution not
        assertTrue(executed.learnChosenDebtor(new AccountRef("DE02100100109307118603", null, null, null, "EUR"), later));
        assertEquals(later, executed.updatedAt());
        assertEquals(executedAt, executed.executedAt());
        assertTrue(horizon.isPast(executed, executedAt.plus(HORIZON)));
    }

    @Test
    void executionIsRecordedOnceAlsoWhenTheBankReportsAcccStraightAway() {
        Payment settled = payment(TransactionStatus.ACCC);
        assertEquals(executedAt, settled.executedAt(), "ACCC without ACSC seen is executed too");

        Payment executed = payment(TransactionStatus.ACSC);
        executed.followBank(TransactionStatus.ACCC, null, null, executedAt.plusSeconds(3600));
        assertEquals(executedAt, executed.executedAt(), "reaching ACCC later keeps when it was executed");

        assertNull(payment(TransactionStatus.ACSP).executedAt());
        assertNull(payment(TransactionStatus.RJCT).executedAt());
    }

    @Test
    void aPaymentExecutedByThePreviousReleaseIsMeasuredFromItsLastChange() throws Exception {
        Payment executed = payment(TransactionStatus.ACSC);
        // as a pod of the release before executed_at leaves it during a rolling update
        Field column = Payment.class.getDeclaredField("executedAt");
        column.setAccessible(true);
        column.set(executed, null);
        assertFalse(horizon.isPast(executed, executedAt.plus(HORIZON).minusSeconds(1)));
        assertTrue(horizon.isPast(executed, executedAt.plus(HORIZON)));
    }

    @Test
    void onlyAnExecutedPaymentCanBePastIt() {
        Instant muchLater = executedAt.plus(HORIZON.multipliedBy(10));
        for (TransactionStatus status : new TransactionStatus[] {TransactionStatus.ACSP, TransactionStatus.ACCC,
                TransactionStatus.RJCT}) {
            assertFalse(horizon.isPast(payment(status), muchLater), status + " is decided by other rules");
        }
        Payment unauthorised = Payment.initiate("sandbox", "PSDDE-BAFIN-1", "T", "sepa-credit-transfers", "{}", null,
                "10.0.0.1", "https://tpp.example", null, false, ScaApproach.REDIRECT, "s", executedAt);
        assertFalse(horizon.isPast(unauthorised, muchLater));
    }
}
