package eu.xs2a.registration.domain;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
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
    @Column(name = "link_hash")
    public String linkHash;

    @Column(name = "provider_code")
    public String providerCode;

    @Column(name = "client_id")
    public String clientId;

    @Column(name = "redirect_uri")
    public String redirectUri;

    public String scope;

    /** The client's state, returned unchanged with the code; null when it sent none. */
    public String state;

    @Column(name = "code_challenge")
    public String codeChallenge;

    /** The bank's id of the PSU's login, asked for its outcome when the PSU comes back. */
    @Column(name = "bank_login_id")
    public String bankLoginId;

    @Column(name = "expires_at")
    public Instant expiresAt;

    public boolean used;
}
