package eu.xs2a.registration.domain;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
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
    public String codeHash;

    /** The refresh tokens issued from this code: all revoked when the code is presented again. */
    public UUID familyId;

    public String providerCode;

    public String clientId;

    public String redirectUri;

    public String scope;

    public String codeChallenge;

    public String psuId;

    /**
     * The bank's login the code came from, when its scope names a consent or payment ({@code AIS:}, {@code PIS:}):
     * its exchange finalises that approval at the bank. Null otherwise.
     */
    public String bankLoginId;

    public Instant expiresAt;

    /** When it was exchanged; null while unused. */
    public Instant usedAt;
}
