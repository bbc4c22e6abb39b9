package eu.xs2a.registration.domain;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;

/** A client created by open-banking dynamic client registration; one per software (SSA software_id). */
@Entity
@Table(name = "oauth_client")
public class OAuthClient extends PanacheEntityBase {

    @Id
    public String clientId;

    /** The organisation: the signing certificate's organizationIdentifier, or the SSA's org_id. */
    public String tppId;

    public String softwareId;

    public String clientName;

    /** Hex SHA-256 of the secret, or null for private_key_jwt clients (which get no secret). */
    public String clientSecretHash;

    public Instant clientIdIssuedAt;

    /** Seconds since the epoch; 0 = never expires (RFC 7591). */
    public long clientSecretExpiresAt;

    public String tokenEndpointAuthMethod;

    public String tokenEndpointAuthSigningAlg;

    /** Space separated, as all list columns of this table. */
    public String grantTypes;

    public String responseTypes;

    public String redirectUris;

    public String scope;

    public String applicationType;

    public String requestObjectSigningAlg;

    /** Where the confirmation letters of this client go (the SSA's organisation contact), or null. */
    public String contactEmail;

    public String softwareStatement;

    public static String join(List<String> values) {
        return String.join(" ", values);
    }

    public static List<String> split(String value) {
        return value == null || value.isBlank() ? List.of() : Arrays.asList(value.trim().split(" +"));
    }
}
