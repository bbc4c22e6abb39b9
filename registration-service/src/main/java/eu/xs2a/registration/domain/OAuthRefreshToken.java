package eu.xs2a.registration.domain;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.UUID;

/**
 * A refresh token of a PSU's grant. Rotated on use: the used one keeps its row with {@code rotatedAt}, so that its
 * second use is seen as a replay (a stolen copy, or the original after the thief's use) and revokes the family.
 */
@Entity
@Table(name = "oauth_refresh_token")
public class OAuthRefreshToken extends PanacheEntityBase {

    @Id
    @Column(name = "token_hash")
    public String tokenHash;

    @Column(name = "family_id")
    public UUID familyId;

    @Column(name = "provider_code")
    public String providerCode;

    @Column(name = "client_id")
    public String clientId;

    public String scope;

    @Column(name = "psu_id")
    public String psuId;

    @Column(name = "expires_at")
    public Instant expiresAt;

    @Column(name = "rotated_at")
    public Instant rotatedAt;

    @Column(name = "revoked_at")
    public Instant revokedAt;
}
