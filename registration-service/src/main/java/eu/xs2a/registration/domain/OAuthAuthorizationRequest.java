package eu.xs2a.registration.domain;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** An authorize request while the PSU is at the bank's login page; the callback link's token finds it, once. */
@Entity
@Table(name = "oauth_authorization_request")
public class OAuthAuthorizationRequest extends PanacheEntityBase {

    /** SHA-256 of the callback link's token. */
    @Id
    public String linkHash;

    public String providerCode;

    public String clientId;

    public String redirectUri;

    public String scope;

    /** The client's state, returned unchanged with the code; null when it sent none. */
    public String state;

    public String codeChallenge;

    /** The bank's id of the PSU's login, asked for its outcome when the PSU comes back. */
    public String bankLoginId;

    public Instant expiresAt;

    public boolean used;
}
