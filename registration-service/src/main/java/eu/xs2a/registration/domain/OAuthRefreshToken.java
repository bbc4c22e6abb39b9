package eu.xs2a.registration.domain;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
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
    public String tokenHash;

    public UUID familyId;

    public String providerCode;

    public String clientId;

    public String scope;

    public String psuId;

    public Instant expiresAt;

    public Instant rotatedAt;

    public Instant revokedAt;
}
