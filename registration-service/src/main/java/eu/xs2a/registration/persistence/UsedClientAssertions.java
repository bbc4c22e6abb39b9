package eu.xs2a.registration.persistence;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/** The jti of accepted client assertions (V2__used_client_assertion.sql), until their exp. */
@ApplicationScoped
public class UsedClientAssertions {

    @Inject EntityManager entityManager;

    /**
     * Records the assertion's jti; false when the client used it before. One statement, atomic in PostgreSQL: of two
     * requests with the same assertion, on any replicas, exactly one inserts the row. No unique violation is raised,
     * so the transaction stays usable.
     */
    public boolean firstUse(String clientId, String jti, Instant expiresAt) {
        return entityManager.createNativeQuery("""
                        insert into used_client_assertion (client_id, jti, expires_at) values (?1, ?2, ?3)
                        on conflict do nothing""")
                .setParameter(1, clientId)
                .setParameter(2, jti)
                .setParameter(3, OffsetDateTime.ofInstant(expiresAt, ZoneOffset.UTC))
                .executeUpdate() == 1;
    }

    /** Deletes the jti of assertions expired before {@code before}: they are refused for their exp anyway. */
    public int deleteExpiredBefore(Instant before) {
        return entityManager.createNativeQuery("delete from used_client_assertion where expires_at < ?1")
                .setParameter(1, OffsetDateTime.ofInstant(before, ZoneOffset.UTC))
                .executeUpdate();
    }
}
