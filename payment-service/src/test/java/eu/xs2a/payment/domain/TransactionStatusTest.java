package eu.xs2a.payment.domain;

import static eu.xs2a.payment.domain.TransactionStatus.ACCC;
import static eu.xs2a.payment.domain.TransactionStatus.ACSC;
import static eu.xs2a.payment.domain.TransactionStatus.ACSP;
import static eu.xs2a.payment.domain.TransactionStatus.ACTC;
import static eu.xs2a.payment.domain.TransactionStatus.CANC;
import static eu.xs2a.payment.domain.TransactionStatus.RCVD;
import static eu.xs2a.payment.domain.TransactionStatus.RJCT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class TransactionStatusTest {

    @Test
    void forwardAlongTheLifecycleAndSkippingIsAllowed() {
        assertTrue(RCVD.canMoveTo(ACTC));
        assertTrue(ACTC.canMoveTo(ACSP));
        assertTrue(ACSP.canMoveTo(ACSC));
        assertTrue(RCVD.canMoveTo(ACSP), "the bank may report ACSP before the gateway saw ACTC");
    }

    @Test
    void rejectionAndCancellationOnlyFromNonFinalStates() {
        for (TransactionStatus open : new TransactionStatus[] {RCVD, ACTC, ACSP}) {
            assertTrue(open.canMoveTo(RJCT), open + " → RJCT");
            assertTrue(open.canMoveTo(CANC), open + " → CANC");
        }
    }

    @Test
    void finalStatesNeverChange() {
        for (TransactionStatus fin : new TransactionStatus[] {ACSC, ACCC, RJCT, CANC}) {
            assertTrue(fin.isFinal());
            for (TransactionStatus any : TransactionStatus.values()) {
                assertFalse(fin.canMoveTo(any), fin + " must not move to " + any);
            }
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
                "10.0.0.1", "https://tpp.example", null, false, "s", now, now);
        payment.moveTo(ACSC, null, now);
        assertThrows(IllegalTransitionException.class, () -> payment.moveTo(CANC, null, now));
        assertFalse(payment.followBank(RJCT, "AM04", null, now));
        assertEquals(ACSC, payment.transactionStatus());
    }

    @Test
    void scaStatusMovesForwardAndStopsAtFinal() {
        assertTrue(ScaStatus.received.canMoveTo(ScaStatus.psuIdentified));
        assertTrue(ScaStatus.started.canMoveTo(ScaStatus.failed));
        assertFalse(ScaStatus.finalised.canMoveTo(ScaStatus.failed));
        assertFalse(ScaStatus.started.canMoveTo(ScaStatus.received));
    }
}
