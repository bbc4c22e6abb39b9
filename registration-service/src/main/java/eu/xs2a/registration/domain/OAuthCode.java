package eu.xs2a.registration.domain;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.UUID;

/** An authorization code, bound to its client, redirect URI, PKCE challenge and provider; exchanged once. */
@Entity
@Table(name = "oauth_code")
public class OAuthCode extends PanacheEntityBase {

    @Id
    @Column(name = "code_hash")
    public String codeHash;

    /** The refresh tokens issued from this code: all revoked when the code is presented again. */
    @Column(name = "family_id")
    public UUID familyId;

    @Column(name = "provider_code")
    public String providerCode;

    @Column(name = "client_id")
    public String clientId;

    @Column(name = "redirect_uri")
    public String redirectUri;

    public String scope;

    @Column(name = "code_challenge")
    public String codeChallenge;

    @Column(name = "psu_id")
    public String psuId;

    @Column(name = "expires_at")
    public Instant expiresAt;

    /** When it was exchanged; null while unused. */
    @Column(name = "used_at")
    public Instant usedAt;
}
