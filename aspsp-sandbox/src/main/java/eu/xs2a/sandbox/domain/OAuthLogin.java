package eu.xs2a.sandbox.domain;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.UUID;

/**
 * A PSU's login for a gateway's OAuth authorize step: {@code received}, then {@code approved} or {@code denied}; an
 * approved one naming a consent or payment ends {@code redeemed}.
 */
@Entity
@Table(name = "oauth_login")
public class OAuthLogin extends PanacheEntityBase {

    public static final String RECEIVED = "received";
    public static final String APPROVED = "approved";
    public static final String DENIED = "denied";
    /** An approved login naming a consent or payment whose code the gateway exchanged: the approval is final. */
    public static final String REDEEMED = "redeemed";

    /** The TPP that asked (its organisation id); null for a gateway that did not say. */
    public String tppId;

    @Id
    public UUID id;

    /** SHA-256 of the page link's token. */
    public String tokenHash;

    public String tppName;

    public String scope;

    /** Where the PSU's browser goes when the PSU has decided (the gateway's callback). */
    public String returnUrl;

    public String status;

    /** The PSU who allowed it; null until then. */
    public String psuId;

    public Instant expiresAt;
}
