package eu.xs2a.platform.sca;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.platform.SecureTokens;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The shared authorisation model without JPA: every service's authorisation behaves like this. */
class ScaAuthorisationTest {

    private static final Instant NOW = Instant.parse("2026-03-01T10:00:00Z");
    private static final Instant LATER = NOW.plusSeconds(60);
    private static final String TOKEN = SecureTokens.random(SecureTokens.LINK_BYTES);
    private static final String HASH = SecureTokens.sha256Hex(TOKEN);

    /** The smallest concrete authorisation. */
    private static final class Authorisation extends ScaAuthorisation {
        Authorisation() {
            super("a1", HASH, NOW.plus(Duration.ofMinutes(10)), "state", NOW);
        }
    }

    @Test
    void aNewAuthorisationIsReceived() {
        Authorisation authorisation = new Authorisation();
        assertEquals(ScaStatus.received, authorisation.scaStatus());
        assertEquals("a1", authorisation.id());
        assertEquals(NOW, authorisation.createdAt());
        assertEquals(NOW, authorisation.updatedAt());
    }

    @Test
    void moveToEnforcesTheMachine() {
        Authorisation authorisation = new Authorisation();
        authorisation.moveTo(ScaStatus.started, LATER);
        assertEquals(ScaStatus.started, authorisation.scaStatus());
        assertEquals(LATER, authorisation.updatedAt());
        assertThrows(ScaTransitionException.class, () -> authorisation.moveTo(ScaStatus.psuIdentified, NOW));
        assertEquals(ScaStatus.started, authorisation.scaStatus(), "a refused move changes nothing");
        assertEquals(LATER, authorisation.updatedAt());
        authorisation.moveTo(ScaStatus.finalised, LATER);
        assertThrows(ScaTransitionException.class, () -> authorisation.moveTo(ScaStatus.failed, LATER));
    }

    @Test
    void theBanksViewIsFollowedForwardOnly() {
        Authorisation authorisation = new Authorisation();
        assertTrue(authorisation.followBank(ScaStatus.psuAuthenticated, LATER));
        assertFalse(authorisation.followBank(ScaStatus.psuIdentified, LATER), "an older step is stale");
        assertFalse(authorisation.followBank(ScaStatus.psuAuthenticated, LATER), "the same step is no change");
        assertFalse(authorisation.followBank(null, LATER), "a value the interface does not have");
        assertEquals(ScaStatus.psuAuthenticated, authorisation.scaStatus());
        assertTrue(authorisation.followBank(ScaStatus.exempted, LATER));
        assertFalse(authorisation.followBank(ScaStatus.failed, LATER), "final stays final");
        assertEquals(ScaStatus.exempted, authorisation.scaStatus());
    }

    @Test
    void anAbandonedAuthorisationFailsUnlessItIsFinal() {
        Authorisation open = new Authorisation();
        open.followBank(ScaStatus.unconfirmed, NOW);
        assertTrue(open.abandon(LATER));
        assertEquals(ScaStatus.failed, open.scaStatus());
        assertFalse(open.abandon(LATER));

        Authorisation done = new Authorisation();
        done.followBank(ScaStatus.finalised, NOW);
        assertFalse(done.abandon(LATER));
        assertEquals(ScaStatus.finalised, done.scaStatus());
    }

    @Test
    void theLinkWorksOnceWithItsTokenAndOnlyBeforeItExpires() {
        Authorisation authorisation = new Authorisation();
        assertTrue(authorisation.holdsRedirectToken(HASH));
        assertFalse(authorisation.holdsRedirectToken(SecureTokens.sha256Hex("another")));
        assertFalse(authorisation.holdsRedirectToken(null));
        assertFalse(authorisation.acceptsRedirectToken(HASH, NOW.plus(Duration.ofMinutes(10))), "expired");
        assertTrue(authorisation.acceptsRedirectToken(HASH, NOW.plus(Duration.ofMinutes(9))));
        assertTrue(authorisation.redirectUnused());

        authorisation.useRedirectToken(LATER);
        assertFalse(authorisation.redirectUnused());
        assertFalse(authorisation.acceptsRedirectToken(HASH, LATER), "used");
        assertTrue(authorisation.holdsRedirectToken(HASH), "a used link is still the PSU's");
        assertThrows(IllegalStateException.class, () -> authorisation.useRedirectToken(LATER), "only once");
    }

    @Test
    void anExpiredLinkCannotBeSpent() {
        Authorisation authorisation = new Authorisation();
        assertThrows(IllegalStateException.class,
                () -> authorisation.useRedirectToken(NOW.plus(Duration.ofMinutes(10))));
        assertTrue(authorisation.redirectUnused());
    }

    @Test
    void anUnusedLinkOfAnOpenAuthorisationCanBeRenewed() {
        Authorisation authorisation = new Authorisation();
        Instant renewed = NOW.plus(Duration.ofMinutes(30));
        authorisation.renewRedirect(renewed, LATER);
        assertTrue(authorisation.redirectUsable(NOW.plus(Duration.ofMinutes(29))));
        assertFalse(authorisation.redirectUsable(renewed));

        Authorisation used = new Authorisation();
        used.useRedirectToken(NOW);
        used.renewRedirect(renewed, LATER);
        assertFalse(used.redirectUsable(LATER), "a used link stays used");

        Authorisation failed = new Authorisation();
        failed.abandon(NOW);
        failed.renewRedirect(renewed, LATER);
        assertFalse(failed.redirectUsable(NOW.plus(Duration.ofMinutes(20))), "a final authorisation's link is not renewed");
    }

    @Test
    void theCallbackStateIsComparedExactly() {
        Authorisation authorisation = new Authorisation();
        assertTrue(authorisation.holdsCallbackState("state"));
        assertFalse(authorisation.holdsCallbackState("State"));
        assertFalse(authorisation.holdsCallbackState(null));
    }
}
