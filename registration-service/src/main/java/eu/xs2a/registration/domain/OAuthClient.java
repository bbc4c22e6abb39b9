package eu.xs2a.registration.domain;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
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
    @Column(name = "client_id")
    public String clientId;

    /** The organisation: the signing certificate's organizationIdentifier, or the SSA's org_id. */
    @Column(name = "tpp_id")
    public String tppId;

    @Column(name = "software_id")
    public String softwareId;

    @Column(name = "client_name")
    public String clientName;

    /** Hex SHA-256 of the secret, or null for private_key_jwt clients (which get no secret). */
    @Column(name = "client_secret_hash")
    public String clientSecretHash;

    @Column(name = "client_id_issued_at")
    public Instant clientIdIssuedAt;

    /** Seconds since the epoch; 0 = never expires (RFC 7591). */
    @Column(name = "client_secret_expires_at")
    public long clientSecretExpiresAt;

    @Column(name = "token_endpoint_auth_method")
    public String tokenEndpointAuthMethod;

    @Column(name = "token_endpoint_auth_signing_alg")
    public String tokenEndpointAuthSigningAlg;

    /** Space separated, as all list columns of this table. */
    @Column(name = "grant_types")
    public String grantTypes;

    @Column(name = "response_types")
    public String responseTypes;

    @Column(name = "redirect_uris")
    public String redirectUris;

    public String scope;

    @Column(name = "application_type")
    public String applicationType;

    @Column(name = "request_object_signing_alg")
    public String requestObjectSigningAlg;

    /** Where the confirmation letters of this client go (the SSA's organisation contact), or null. */
    @Column(name = "contact_email")
    public String contactEmail;

    @Column(name = "software_statement")
    public String softwareStatement;

    public static String join(List<String> values) {
        return String.join(" ", values);
    }

    public static List<String> split(String value) {
        return value == null || value.isBlank() ? List.of() : Arrays.asList(value.trim().split(" +"));
    }
}
