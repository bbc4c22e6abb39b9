package eu.xs2a.payment.domain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class PaymentAuthorisationTest {

    private final Instant now = Instant.parse("2026-11-21T07:00:00Z");
    private final String token = Secrets.newToken();

    private PaymentAuthorisation authorisation() {
        return PaymentAuthorisation.start("a", 1L, AuthorisationKind.PAYMENT, Secrets.hash(token),
                now.plus(Duration.ofMinutes(10)), null, null, "https://tpp.example", null, now);
    }

    @Test
    void theRedirectTokenWorksOnceAndOnlyBeforeItExpires() {
        PaymentAuthorisation authorisation = authorisation();
        assertFalse(authorisation.acceptsRedirectToken(Secrets.hash("another"), now));
        assertFalse(authorisation.acceptsRedirectToken(Secrets.hash(token), now.plus(Duration.ofMinutes(10))));
        assertTrue(authorisation.acceptsRedirectToken(Secrets.hash(token), now.plus(Duration.ofMinutes(9))));
        authorisation.useRedirectToken(now);
        assertFalse(authorisation.acceptsRedirectToken(Secrets.hash(token), now.plusSeconds(1)));
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
}
