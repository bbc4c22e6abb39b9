package eu.xs2a.security.oauth;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.time.Clock;
import java.util.Base64;
import java.util.List;
import org.jose4j.jwa.AlgorithmConstraints;
import org.jose4j.jws.AlgorithmIdentifiers;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.MalformedClaimException;
import org.jose4j.jwt.NumericDate;
import org.jose4j.jwt.consumer.ErrorCodes;
import org.jose4j.jwt.consumer.InvalidJwtException;
import org.jose4j.jwt.consumer.JwtConsumer;
import org.jose4j.jwt.consumer.JwtConsumerBuilder;

/**
 * Verifies an access token of a provider's OAuth server (registration-service, docs/ARCHITECTURE.md "OAuth2") with
 * its public key and no call: an RS256 JWT whose {@code iss} is the provider's issuer, {@code aud} the provider's
 * XS2A API, {@code org_id} the calling TPP. Verification is jose4j's; nothing here parses JOSE by hand. Refusals are
 * Berlin Group's: TOKEN_INVALID (missing, or the TPP's but not for this resource), TOKEN_UNKNOWN (unreadable, not
 * signed by the key, another provider, another TPP), TOKEN_EXPIRED (past {@code exp}).
 */
public final class AccessTokenVerifier {

    /** A verified token's claims that the services use. */
    public record AccessToken(String subject, String clientId, String orgId, List<String> scope) {

        /** A PSU's token (authorization code flow), not the client's own (client credentials). */
        public boolean ofPsu() {
            return !subject.equals(clientId);
        }
    }

    private static final String BEARER = "Bearer ";

    private final PublicKey key;
    private final String publicBaseUrl;
    private final Clock clock;

    public AccessTokenVerifier(PublicKey key, String publicBaseUrl, Clock clock) {
        this.key = key;
        this.publicBaseUrl = publicBaseUrl.endsWith("/")
                ? publicBaseUrl.substring(0, publicBaseUrl.length() - 1) : publicBaseUrl;
        this.clock = clock;
    }

    /** An RSA public key in PEM ("PUBLIC KEY", X.509 SubjectPublicKeyInfo), as {@code openssl pkey -pubout} writes. */
    public static PublicKey publicKey(String pem) {
        String base64 = pem.replaceAll("-----(BEGIN|END) PUBLIC KEY-----", "").replaceAll("\\s", "");
        try {
            return KeyFactory.getInstance("RSA").generatePublic(new X509EncodedKeySpec(Base64.getDecoder()
                    .decode(base64)));
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new IllegalArgumentException("not a PEM RSA public key: " + e.getMessage(), e);
        }
    }

    /** The issuer of a provider's tokens. */
    public String issuer(String providerCode) {
        return publicBaseUrl + "/" + providerCode + "/oauth";
    }

    /** The audience of a provider's tokens: its XS2A API. */
    public String audience(String providerCode) {
        return publicBaseUrl + "/" + providerCode;
    }

    /**
     * The token of an {@code Authorization: Bearer} header, verified for {@code providerCode} and issued to
     * {@code tppId}.
     */
    public AccessToken verify(String authorization, String providerCode, String tppId) {
        if (authorization == null || !authorization.regionMatches(true, 0, BEARER, 0, BEARER.length())
                || authorization.length() == BEARER.length()) {
            // no token to match: the call itself is not valid without one (Berlin Group's TOKEN_INVALID), as every
            // missing bearer credential of this gateway is
            throw new Psd2Exception(ErrorClass.TOKEN_INVALID, "An access token of this provider's OAuth server is "
                    + "required (Authorization: Bearer)");
        }
        String jwt = authorization.substring(BEARER.length()).strip();
        JwtConsumer consumer = new JwtConsumerBuilder()
                .setRequireExpirationTime()
                .setRequireSubject()
                .setExpectedIssuer(issuer(providerCode))
                .setExpectedAudience(audience(providerCode))
                .setVerificationKey(key)
                .setJwsAlgorithmConstraints(AlgorithmConstraints.ConstraintType.PERMIT,
                        AlgorithmIdentifiers.RSA_USING_SHA256)
                .setEvaluationTime(NumericDate.fromMilliseconds(clock.millis()))
                .setAllowedClockSkewInSeconds(0)
                .build();
        JwtClaims claims;
        try {
            claims = consumer.processToClaims(jwt);
        } catch (InvalidJwtException e) {
            if (e.hasExpired() && e.getErrorDetails().stream().allMatch(d -> d.getErrorCode() == ErrorCodes.EXPIRED)) {
                throw new Psd2Exception(ErrorClass.TOKEN_EXPIRED, "The access token has expired");
            }
            throw unknown("The access token is not one of this provider's OAuth server");
        }
        try {
            String orgId = claims.getStringClaimValue("org_id");
            String clientId = claims.getStringClaimValue("client_id");
            String scope = claims.getStringClaimValue("scope");
            if (orgId == null || clientId == null || !orgId.equals(tppId)) {
                throw unknown("The access token was not issued to this TPP");
            }
            List<String> scopes = scope == null || scope.isBlank() ? List.of() : List.of(scope.strip().split(" +"));
            return new AccessToken(claims.getSubject(), clientId, orgId, scopes);
        } catch (MalformedClaimException e) {
            throw unknown("The access token's claims are not readable");
        }
    }

    private static Psd2Exception unknown(String message) {
        return new Psd2Exception(ErrorClass.TOKEN_UNKNOWN, message);
    }
}
