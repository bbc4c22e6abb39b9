package eu.xs2a.registration.persistence;

import eu.xs2a.registration.domain.OAuthAuthorizationRequest;
import eu.xs2a.registration.domain.OAuthCode;
import eu.xs2a.registration.domain.OAuthRefreshToken;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/**
 * The OAuth server's rows: authorize requests, codes and refresh tokens, each found by the hash of its token and
 * locked while it is used, so that of two requests with one code or refresh token (on any replica) one wins and the
 * other sees it used.
 */
@ApplicationScoped
public class OAuthGrantRepository {

    @Inject EntityManager entityManager;

    public void persist(Object row) {
        entityManager.persist(row);
    }

    public Optional<OAuthAuthorizationRequest> requestForUpdate(String linkHash) {
        return Optional.ofNullable(entityManager.find(OAuthAuthorizationRequest.class, linkHash,
                LockModeType.PESSIMISTIC_WRITE));
    }

    public Optional<OAuthAuthorizationRequest> request(String linkHash) {
        return Optional.ofNullable(entityManager.find(OAuthAuthorizationRequest.class, linkHash));
    }

    public Optional<OAuthCode> codeForUpdate(String codeHash) {
        return Optional.ofNullable(entityManager.find(OAuthCode.class, codeHash, LockModeType.PESSIMISTIC_WRITE));
    }

    public Optional<OAuthRefreshToken> refreshTokenForUpdate(String tokenHash) {
        return Optional.ofNullable(entityManager.find(OAuthRefreshToken.class, tokenHash,
                LockModeType.PESSIMISTIC_WRITE));
    }

    /**
     * Deletes what can no longer be used: authorize requests past their expiry, and codes and refresh tokens expired
     * more than {@code keep} ago (kept that long so that a replay of a used one is still seen, and its family
     * revoked, while the tokens it gave may live). Returns how many rows.
     */
    public int deleteExpired(Instant now, java.time.Duration keep) {
        Instant before = now.minus(keep);
        return entityManager.createQuery("delete from OAuthAuthorizationRequest r where r.expiresAt < :now")
                .setParameter("now", now).executeUpdate()
                + entityManager.createQuery("delete from OAuthCode c where c.expiresAt < :before")
                .setParameter("before", before).executeUpdate()
                + entityManager.createQuery("delete from OAuthRefreshToken t where t.expiresAt < :before")
                .setParameter("before", before).executeUpdate();
    }

    /** Revokes every refresh token of a family not revoked yet; returns how many. */
    public int revokeFamily(UUID familyId, Instant at) {
        return entityManager.createQuery("update OAuthRefreshToken t set t.revokedAt = :at "
                        + "where t.familyId = :family and t.revokedAt is null")
                .setParameter("at", at)
                .setParameter("family", familyId)
                .executeUpdate();
    }
}
