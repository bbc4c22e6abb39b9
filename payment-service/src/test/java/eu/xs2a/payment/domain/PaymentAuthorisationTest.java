package eu.xs2a.payment.domain;

import eu.xs2a.platform.sca.ScaApproach;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.platform.SecureTokens;
import eu.xs2a.platform.sca.ScaStatus;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class PaymentAuthorisationTest {

    private final Instant now = Instant.parse("2026-11-21T07:00:00Z");
    private final String token = SecureTokens.random(SecureTokens.LINK_BYTES);

    private PaymentAuthorisation authorisation() {
        return PaymentAuthorisation.start("a", 1L, AuthorisationKind.PAYMENT, ScaApproach.REDIRECT,
                SecureTokens.sha256Hex(token),
                now.plus(Duration.ofMinutes(10)), null, null, "https://tpp.example", null, now);
    }

    @Test
    void theRedirectTokenWorksOnceAndOnlyBeforeItExpires() {
        PaymentAuthorisation authorisation = authorisation();
        assertFalse(authorisation.acceptsRedirectToken(SecureTokens.sha256Hex("another"), now));
        assertFalse(authorisation.acceptsRedirectToken(SecureTokens.sha256Hex(token), now.plus(Duration.ofMinutes(10))));
        assertTrue(authorisation.acceptsRedirectToken(SecureTokens.sha256Hex(token), now.plus(Duration.ofMinutes(9))));
        authorisation.useRedirectToken(now);
        assertFalse(authorisation.acceptsRedirectToken(SecureTokens.sha256Hex(token), now.plusSeconds(1)));
    }

    @Test
    void scaStatusFollowsTheBankForwardOnly() {
        PaymentAuthorisation authorisation = authorisation();
        assertTrue(authorisation.followBank(ScaStatus.psuIdentified, now));
        assertFalse(authorisation.followBank(ScaStatus.received, now));
        assertTrue(authorisation.followBank(ScaStatus.finalised, now));
        assertFalse(authorisation.followBank(ScaStatus.failed, now));
        assertEquals(ScaStatus.finalised, authorisation.scaStatus());
    }

    @Test
    void anAbandonedAuthorisationEndsFailedButAFinalOneStaysAsItIs() {
        PaymentAuthorisation open = authorisation();
        assertTrue(open.followBank(ScaStatus.started, now));
        assertTrue(open.abandon(now));
        assertEquals(ScaStatus.failed, open.scaStatus());
        assertFalse(open.followBank(ScaStatus.finalised, now), "failed is final, whatever the bank says later");

        PaymentAuthorisation finalised = authorisation();
        finalised.followBank(ScaStatus.finalised, now);
        assertFalse(finalised.abandon(now));
        assertEquals(ScaStatus.finalised, finalised.scaStatus());
    }

    @Test
    void aConcludedPaymentClosesItsOpenAuthorisationsAsItsOutcomeSays() {
        PaymentAuthorisation executed = authorisation();
        assertTrue(executed.closeAt(TransactionStatus.ACSC, now));
        assertEquals(ScaStatus.finalised, executed.scaStatus(), "an executed payment was authorised");

        PaymentAuthorisation rejected = authorisation();
        assertTrue(rejected.closeAt(TransactionStatus.RJCT, now));
        assertEquals(ScaStatus.failed, rejected.scaStatus());

        PaymentAuthorisation cancellation = PaymentAuthorisation.start("c", 1L, AuthorisationKind.CANCELLATION, ScaApproach.REDIRECT,
                SecureTokens.sha256Hex(token), now.plus(Duration.ofMinutes(10)), "state", "https://bank.example", null, null, now);
        assertTrue(cancellation.closeAt(TransactionStatus.ACSC, now));
        assertEquals(ScaStatus.failed, cancellation.scaStatus(), "a cancellation of an executed payment never completes");
    }
}
