package eu.xs2a.payment.domain;

import eu.xs2a.platform.sca.ScaApproach;
import static eu.xs2a.payment.domain.TransactionStatus.ACCC;
import static eu.xs2a.payment.domain.TransactionStatus.ACSC;
import static eu.xs2a.payment.domain.TransactionStatus.ACSP;
import static eu.xs2a.payment.domain.TransactionStatus.ACTC;
import static eu.xs2a.payment.domain.TransactionStatus.CANC;
import static eu.xs2a.payment.domain.TransactionStatus.PATC;
import static eu.xs2a.payment.domain.TransactionStatus.RCVD;
import static eu.xs2a.payment.domain.TransactionStatus.RJCT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class TransactionStatusTest {

    @Test
    void forwardAlongTheLifecycleAndSkippingIsAllowed() {
        assertTrue(RCVD.canMoveTo(ACTC));
        assertTrue(ACTC.canMoveTo(ACSP));
        assertTrue(ACSP.canMoveTo(ACSC));
        assertTrue(RCVD.canMoveTo(ACSP), "the bank may report ACSP before the gateway saw ACTC");
    }

    /** Multilevel SCA: RCVD → PATC (one signatory of several) → ACTC (the last), and never back to PATC. */
    @Test
    void aPaymentOfSeveralSignatoriesIsPatcInBetween() {
        assertTrue(RCVD.canMoveTo(PATC));
        assertTrue(PATC.canMoveTo(ACTC));
        assertTrue(PATC.canMoveTo(ACSP), "the bank may execute at once after the last signature");
        assertFalse(PATC.canMoveTo(RCVD));
        for (TransactionStatus later : new TransactionStatus[] {ACTC, ACSP, ACSC, ACCC}) {
            assertFalse(later.canMoveTo(PATC), later + " must not move back to PATC");
        }
        assertTrue(RCVD.awaitsAuthorisation());
        assertTrue(PATC.awaitsAuthorisation());
        assertFalse(ACTC.awaitsAuthorisation());
        assertEquals(PATC, TransactionStatus.fromBank("PATC"));
    }

    @Test
    void rejectionAndCancellationOnlyFromNonFinalStates() {
        for (TransactionStatus open : new TransactionStatus[] {RCVD, PATC, ACTC, ACSP}) {
            assertTrue(open.canMoveTo(RJCT), open + " → RJCT");
            assertTrue(open.canMoveTo(CANC), open + " → CANC");
        }
    }

    @Test
    void finalStatesNeverChange() {
        for (TransactionStatus fin : new TransactionStatus[] {ACCC, RJCT, CANC}) {
            assertTrue(fin.isFinal());
            assertTrue(fin.isConcluded());
            for (TransactionStatus any : TransactionStatus.values()) {
                assertFalse(fin.canMoveTo(any), fin + " must not move to " + any);
            }
        }
    }

    /** ACSC: settled on the debtor's account, concluded (not cancellable), but the creditor's settlement may follow. */
    @Test
    void anExecutedPaymentOnlyMovesOnToCreditorSettlement() {
        assertFalse(ACSC.isFinal());
        assertTrue(ACSC.isConcluded());
        assertTrue(ACSC.canMoveTo(ACCC));
        for (TransactionStatus other : new TransactionStatus[] {RCVD, ACTC, ACSP, ACSC, RJCT, CANC}) {
            assertFalse(ACSC.canMoveTo(other), "ACSC must not move to " + other);
        }
        assertTrue(ACSP.canMoveTo(ACCC), "a bank may report ACCC without the gateway having seen ACSC");
        for (TransactionStatus open : new TransactionStatus[] {RCVD, ACTC, ACSP}) {
            assertFalse(open.isConcluded(), open + " is not concluded");
        }
    }

    @Test
    void nothingMovesBackwards() {
        assertFalse(ACTC.canMoveTo(RCVD));
        assertFalse(ACSP.canMoveTo(ACTC));
        assertFalse(ACSP.canMoveTo(ACSP));
    }

    @Test
    void theEntityRefusesIllegalMovesAndIgnoresStaleBankViews() {
        Instant now = Instant.now();
        Payment payment = Payment.initiate("sandbox", "PSDDE-BAFIN-1", "T", "sepa-credit-transfers", "{}", null,
                "10.0.0.1", "https://tpp.example", null, false, ScaApproach.REDIRECT, "s", now);
        payment.moveTo(ACSC, null, now);
        assertThrows(IllegalTransitionException.class, () -> payment.moveTo(CANC, null, now));
        assertFalse(payment.followBank(RJCT, "AM04", null, now));
        assertFalse(payment.followBank(ACSP, null, null, now), "a stale view of the bank");
        assertEquals(ACSC, payment.transactionStatus());
        assertTrue(payment.followBank(ACCC, null, null, now));
        assertEquals(ACCC, payment.transactionStatus());
        assertFalse(payment.followBank(ACSC, null, null, now), "nothing moves backwards");
        assertThrows(IllegalTransitionException.class, () -> payment.moveTo(RJCT, null, now));
        assertEquals(ACCC, payment.transactionStatus());
    }

    @Test
    void onlyACancelledPaymentTheBankAcknowledgedHasACopyToWithdraw() {
        Instant now = Instant.now();
        Payment open = Payment.initiate("sandbox", "PSDDE-BAFIN-1", "T", "sepa-credit-transfers", "{}", null,
                "10.0.0.1", "https://tpp.example", null, false, ScaApproach.REDIRECT, "s", now);
        open.markSubmitted("BP-1", null, now);
        open.requireWithdrawal(now);
        assertNull(open.bankWithdrawal(), "not cancelled: nothing to withdraw");

        Payment neverSent = Payment.initiate("sandbox", "PSDDE-BAFIN-1", "T", "sepa-credit-transfers", "{}", null,
                "10.0.0.1", "https://tpp.example", null, false, ScaApproach.REDIRECT, "s", now);
        neverSent.moveTo(CANC, null, now);
        neverSent.requireWithdrawal(now);
        assertNull(neverSent.bankWithdrawal(), "never reached the bank: nothing to withdraw");

        Payment raced = Payment.initiate("sandbox", "PSDDE-BAFIN-1", "T", "sepa-credit-transfers", "{}", null,
                "10.0.0.1", "https://tpp.example", null, false, ScaApproach.REDIRECT, "s", now);
        raced.moveTo(CANC, null, now);
        raced.markSubmitted("BP-2", null, now);
        raced.requireWithdrawal(now);
        assertTrue(raced.awaitsWithdrawal());
        assertThrows(IllegalArgumentException.class, () -> raced.endWithdrawal(BankWithdrawal.PENDING, now));
        raced.endWithdrawal(BankWithdrawal.WITHDRAWN, now);
        raced.requireWithdrawal(now);
        assertEquals(BankWithdrawal.WITHDRAWN, raced.bankWithdrawal(), "withdrawn once, never asked for again");

        // cancelled before any acknowledgement: the bank is asked for a copy; it had none yet, then one arrives
        Payment late = Payment.initiate("sandbox", "PSDDE-BAFIN-1", "T", "sepa-credit-transfers", "{}", null,
                "10.0.0.1", "https://tpp.example", null, false, ScaApproach.REDIRECT, "s", now);
        late.moveTo(CANC, null, now);
        late.requireWithdrawal(now);
        assertNull(late.bankWithdrawal(), "no copy known: nothing to cancel by id");
        late.requireWithdrawalOfUnknownCopy(now);
        assertTrue(late.awaitsWithdrawal());
        late.endWithdrawal(BankWithdrawal.WITHDRAWN, now);
        late.markSubmitted("BP-3", null, now);
        late.requireWithdrawal(now);
        assertTrue(late.awaitsWithdrawal(), "the copy that arrived after the lookup is withdrawn too");
        assertThrows(IllegalTransitionException.class, () -> open.adoptBankCopy("BP-4", now));
    }

    /** One DELETE at a time calls the bank's cancellation; a claim left by a dead service runs out. */
    @Test
    void aCancellationClaimKeepsASecondDeleteWaitingUntilItEndsOrRunsOut() {
        Instant now = Instant.parse("2025-01-06T10:00:00Z");
        Payment payment = Payment.initiate("sandbox", "PSDDE-BAFIN-1", "T", "sepa-credit-transfers", "{}", null,
                "10.0.0.1", "https://tpp.example", null, false, ScaApproach.REDIRECT, "s", now);
        UUID first = UUID.randomUUID();
        UUID second = UUID.randomUUID();
        assertTrue(payment.claimCancellation(first, now.plusSeconds(10), now));
        assertFalse(payment.claimCancellation(second, now.plusSeconds(10), now.plusSeconds(1)));
        assertTrue(payment.holdsCancellation(first, now.plusSeconds(1)));
        payment.releaseCancellation(second);
        assertTrue(payment.holdsCancellation(first, now.plusSeconds(1)), "only the holder ends its claim");
        payment.releaseCancellation(first);
        assertTrue(payment.claimCancellation(second, now.plusSeconds(12), now.plusSeconds(2)));

        // the holder died during its bank call: its claim runs out, and the late holder no longer holds it
        assertTrue(payment.claimCancellation(first, now.plusSeconds(30), now.plusSeconds(12)));
        assertFalse(payment.holdsCancellation(second, now.plusSeconds(12)));
        assertFalse(payment.holdsCancellation(first, now.plusSeconds(30)), "not past its own end either");
    }
}
