package eu.xs2a.tpp.ob;

import eu.xs2a.tpp.CliException;
import eu.xs2a.tpp.state.Credentials;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.jose4j.jws.AlgorithmIdentifiers;
import org.jose4j.jws.JsonWebSignature;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.NumericDate;
import org.jose4j.lang.JoseException;

/**
 * The two JWTs of the open-banking flows, signed PS256 with the current QSEAL's key and carrying the certificate in
 * {@code x5c}, which is how registration-service learns who signed (registration-service/README, "Open-banking dynamic
 * client registration" and "Open-banking certificate add").
 */
public final class OpenBankingJwts {

    /** How long a registration request is good for; the gateway accepts up to an hour. */
    static final Duration REGISTRATION_LIFETIME = Duration.ofMinutes(5);
    /** How long a client assertion is good for; the gateway accepts up to five minutes. */
    static final Duration ASSERTION_LIFETIME = Duration.ofMinutes(2);

    public static final String ASSERTION_TYPE = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";

    private OpenBankingJwts() {
    }

    /** What a registration asks for, besides the software statement. */
    public record Registration(String softwareId, String softwareStatement, String aspspId, List<String> redirectUris,
                               String authMethod, String scope) {
    }

    /** The body of {@code POST /api/open-banking/v3.1/tpp/register}: the request's claims as a compact JWS. */
    public static String registrationRequest(Credentials credentials, Registration registration, Instant now) {
        JwtClaims claims = new JwtClaims();
        // the gateway wants iss to be the software, the SSA's software_id
        claims.setIssuer(registration.softwareId());
        claims.setAudience(registration.aspspId());
        claims.setIssuedAt(NumericDate.fromSeconds(now.getEpochSecond()));
        claims.setExpirationTime(NumericDate.fromSeconds(now.plus(REGISTRATION_LIFETIME).getEpochSecond()));
        claims.setJwtId(UUID.randomUUID().toString());
        claims.setClaim("software_id", registration.softwareId());
        claims.setClaim("software_statement", registration.softwareStatement());
        claims.setStringListClaim("redirect_uris", registration.redirectUris());
        claims.setStringListClaim("grant_types", List.of("authorization_code", "client_credentials"));
        claims.setClaim("token_endpoint_auth_method", registration.authMethod());
        claims.setClaim("token_endpoint_auth_signing_alg", AlgorithmIdentifiers.RSA_PSS_USING_SHA256);
        if (registration.scope() != null) {
            claims.setClaim("scope", registration.scope());
        }
        return signed(credentials, claims.toJson());
    }

    /**
     * A {@code private_key_jwt} client assertion (RFC 7523) for one request to {@code audience}, the endpoint's public
     * URL; its {@code jti} is new every time, since the gateway takes each one once.
     */
    public static String clientAssertion(Credentials credentials, String clientId, String audience, Instant now) {
        JwtClaims claims = new JwtClaims();
        claims.setIssuer(clientId);
        claims.setSubject(clientId);
        claims.setAudience(audience);
        claims.setIssuedAt(NumericDate.fromSeconds(now.getEpochSecond()));
        claims.setExpirationTime(NumericDate.fromSeconds(now.plus(ASSERTION_LIFETIME).getEpochSecond()));
        claims.setJwtId(UUID.randomUUID().toString());
        return signed(credentials, claims.toJson());
    }

    /** The form fields that carry a client assertion beside the request's data. */
    public static Map<String, String> assertionFields(String assertion) {
        return Map.of("client_assertion_type", ASSERTION_TYPE, "client_assertion", assertion);
    }

    private static String signed(Credentials credentials, String payload) {
        JsonWebSignature jws = new JsonWebSignature();
        jws.setPayload(payload);
        jws.setAlgorithmHeaderValue(AlgorithmIdentifiers.RSA_PSS_USING_SHA256);
        jws.setCertificateChainHeaderValue(credentials.certificate());
        jws.setKey(credentials.privateKey());
        try {
            return jws.getCompactSerialization();
        } catch (JoseException e) {
            throw new CliException("cannot sign with the key in the state folder: " + e.getMessage(), e);
        }
    }
}
