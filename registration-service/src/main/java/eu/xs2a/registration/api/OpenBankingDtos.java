package eu.xs2a.registration.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import eu.xs2a.registration.domain.CertificateStatus;
import eu.xs2a.registration.domain.CheckedCertificate;
import eu.xs2a.registration.domain.ClientCertificateService.Added;
import eu.xs2a.registration.domain.OAuthClient;
import eu.xs2a.registration.domain.RegisteredClient;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.List;

/** Response bodies of the open-banking registration endpoints (RFC 7591 names). */
@RegisterForReflection
public final class OpenBankingDtos {

    private OpenBankingDtos() {
    }

    /** The created client: credentials first, then the registered metadata with defaults filled in. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record ClientResponse(
            @JsonProperty("client_id") String clientId,
            @JsonProperty("client_secret") String clientSecret,
            @JsonProperty("client_id_issued_at") long clientIdIssuedAt,
            @JsonProperty("client_secret_expires_at") long clientSecretExpiresAt,
            @JsonProperty("client_name") String clientName,
            @JsonProperty("software_id") String softwareId,
            @JsonProperty("redirect_uris") List<String> redirectUris,
            @JsonProperty("token_endpoint_auth_method") String tokenEndpointAuthMethod,
            @JsonProperty("token_endpoint_auth_signing_alg") String tokenEndpointAuthSigningAlg,
            @JsonProperty("grant_types") List<String> grantTypes,
            @JsonProperty("response_types") List<String> responseTypes,
            String scope,
            @JsonProperty("application_type") String applicationType,
            @JsonProperty("request_object_signing_alg") String requestObjectSigningAlg,
            @JsonProperty("software_statement") String softwareStatement) {

        static ClientResponse of(RegisteredClient registered) {
            OAuthClient c = registered.client();
            return new ClientResponse(c.clientId, registered.clientSecret(), c.clientIdIssuedAt.getEpochSecond(),
                    c.clientSecretExpiresAt, c.clientName, c.softwareId, OAuthClient.split(c.redirectUris),
                    c.tokenEndpointAuthMethod, c.tokenEndpointAuthSigningAlg, OAuthClient.split(c.grantTypes),
                    OAuthClient.split(c.responseTypes), c.scope, c.applicationType, c.requestObjectSigningAlg,
                    c.softwareStatement);
        }
    }

    public record CertificateAddedResponse(Data data) {

        public record Data(@JsonProperty("client_id") String clientId,
                           @JsonProperty("organisation_id") String organisationId,
                           BerlinGroupDtos.CertificateView certificate,
                           List<String> scopes) {
        }

        static CertificateAddedResponse of(Added added) {
            return new CertificateAddedResponse(new Data(added.client().clientId, added.client().tppId,
                    BerlinGroupDtos.CertificateView.of(new CheckedCertificate(added.certificate(), CertificateStatus.valid)),
                    added.scopes()));
        }
    }
}
