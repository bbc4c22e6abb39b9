package eu.xs2a.registration.domain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.registration.persistence.UsedClientAssertions;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The jti of a client assertion is kept once until its exp, and deleted by the cleanup job only after it (PostgreSQL). */
@QuarkusTest
class UsedAssertionCleanupTest {

    @Inject UsedClientAssertions used;
    @Inject UsedAssertionCleanup cleanup;
    @Inject EntityManager entityManager;

    private long rows(String clientId) {
        return QuarkusTransaction.requiringNew().call(() -> ((Number) entityManager.createNativeQuery(
                "select count(*) from used_client_assertion where client_id = ?1").setParameter(1, clientId)
                .getSingleResult()).longValue());
    }

    @Test
    void aJtiIsRecordedOnceAndDeletedOnlyAfterItsExp() {
        String clientId = UUID.randomUUID().toString();
        Instant now = Instant.now();
        assertTrue(QuarkusTransaction.requiringNew().call(() -> used.firstUse(clientId, "expired", now.minusSeconds(1))));
        assertTrue(QuarkusTransaction.requiringNew().call(() -> used.firstUse(clientId, "live", now.plus(Duration.ofMinutes(5)))));
        assertFalse(QuarkusTransaction.requiringNew().call(() -> used.firstUse(clientId, "live", now.plus(Duration.ofMinutes(5)))));
        assertEquals(2, rows(clientId));

        cleanup.run();
        assertEquals(1, rows(clientId));
        // the live one is still single use
        assertFalse(QuarkusTransaction.requiringNew().call(() -> used.firstUse(clientId, "live", now.plus(Duration.ofMinutes(5)))));
    }
}
