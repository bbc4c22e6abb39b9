package eu.xs2a.registration.domain;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import java.util.List;
import java.util.Optional;
import org.jose4j.jws.JsonWebSignature;
import org.jose4j.lang.JoseException;

/**
 * The open-banking registration request: a compact JWS whose claims are those of the interface's "Client
 * registration request" table. Parsing checks form only (JWS, algorithm, required claims and their types); the
 * signature is verified by {@link ClientRegistrationService} once the software statement told which keys count.
 */
public final class RegistrationRequest {

    private static final String LABEL = "claim";

    final JsonWebSignature jws;
    final String iss;
    final long iat;
    final long exp;
    final List<String> aud;
    final List<String> grantTypes;
    final List<String> redirectUris;
    final String softwareStatement;
    final Optional<String> softwareId;
    final Optional<String> tokenEndpointAuthMethod;
    final Optional<String> tokenEndpointAuthSigningAlg;
    final Optional<List<String>> responseTypes;
    final Optional<String> scope;
    final Optional<String> applicationType;
    final Optional<String> requestObjectSigningAlg;

    private RegistrationRequest(JsonWebSignature jws, Claims claims) {
        this.jws = jws;
        this.iss = claims.requiredString("iss");
        this.iat = claims.requiredSeconds("iat");
        this.exp = claims.requiredSeconds("exp");
        this.aud = claims.requiredAudience("aud");
        this.grantTypes = claims.requiredStringList("grant_types");
        this.redirectUris = claims.requiredStringList("redirect_uris");
        this.softwareStatement = claims.requiredString("software_statement");
        this.softwareId = claims.optionalString("software_id");
        this.tokenEndpointAuthMethod = claims.optionalString("token_endpoint_auth_method");
        this.tokenEndpointAuthSigningAlg = claims.optionalString("token_endpoint_auth_signing_alg");
        this.responseTypes = claims.optionalStringList("response_types");
        this.scope = claims.optionalString("scope");
        this.applicationType = claims.optionalString("application_type");
        this.requestObjectSigningAlg = claims.optionalString("request_object_signing_alg");
    }

    public static RegistrationRequest parse(String compact) {
        if (compact == null || compact.isBlank()) {
            throw new Psd2Exception(ErrorClass.REQUEST_FORMAT_INVALID, "The body must be a signed JWT; it is empty");
        }
        JsonWebSignature jws = new JsonWebSignature();
        String payload;
        try {
            jws.setCompactSerialization(compact.trim());
            payload = jws.getUnverifiedPayload();
        } catch (JoseException | RuntimeException e) {
            throw new Psd2Exception(ErrorClass.REQUEST_FORMAT_INVALID, "The body is not a compact JWS (signed JWT)");
        }
        String alg = JwsHeaders.string(jws, "alg", "The request");
        if (!SigningAlgorithms.accepted(alg)) {
            // 'none' would be an unsigned request and HS* a shared secret: neither proves who the TPP is
            throw new Psd2Exception(ErrorClass.REGISTRATION_SIGNATURE_INVALID,
                    "The request JWS uses alg '" + alg + "'; only PS256 and RS256 are accepted");
        }
        return new RegistrationRequest(jws, Claims.parse(payload, LABEL, "The JWT"));
    }
}
