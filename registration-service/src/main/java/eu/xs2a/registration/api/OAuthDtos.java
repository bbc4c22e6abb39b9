package eu.xs2a.registration.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.List;

/** The OAuth endpoints' JSON bodies, with the RFC's member names. */
public final class OAuthDtos {

    private OAuthDtos() {
    }

    /** RFC 6749 section 5.1. */
    @RegisterForReflection
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record TokenResponse(
            @JsonProperty("access_token") String accessToken,
            @JsonProperty("token_type") String tokenType,
            @JsonProperty("expires_in") long expiresIn,
            @JsonProperty("scope") String scope,
            @JsonProperty("refresh_token") String refreshToken) {
    }

    /** RFC 6749 section 5.2. */
    @RegisterForReflection
    public record ErrorResponse(
            @JsonProperty("error") String error,
            @JsonProperty("error_description") String errorDescription) {
    }

    /** RFC 8414 section 2: the provider's authorisation server metadata. */
    @RegisterForReflection
    public record Metadata(
            @JsonProperty("issuer") String issuer,
            @JsonProperty("authorization_endpoint") String authorizationEndpoint,
            @JsonProperty("token_endpoint") String tokenEndpoint,
            @JsonProperty("revocation_endpoint") String revocationEndpoint,
            @JsonProperty("jwks_uri") String jwksUri,
            @JsonProperty("registration_endpoint") String registrationEndpoint,
            @JsonProperty("scopes_supported") List<String> scopesSupported,
            @JsonProperty("response_types_supported") List<String> responseTypesSupported,
            @JsonProperty("grant_types_supported") List<String> grantTypesSupported,
            @JsonProperty("token_endpoint_auth_methods_supported") List<String> tokenEndpointAuthMethodsSupported,
            @JsonProperty("token_endpoint_auth_signing_alg_values_supported") List<String> tokenEndpointAuthSigningAlgs,
            @JsonProperty("revocation_endpoint_auth_methods_supported") List<String> revocationEndpointAuthMethods,
            @JsonProperty("revocation_endpoint_auth_signing_alg_values_supported") List<String> revocationSigningAlgs,
            @JsonProperty("code_challenge_methods_supported") List<String> codeChallengeMethodsSupported,
            @JsonProperty("authorization_response_iss_parameter_supported") boolean issParameterSupported) {
    }
}
