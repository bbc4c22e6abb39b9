package eu.xs2a.registration.domain;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.registration.config.RegistrationConfig;
import eu.xs2a.registration.persistence.OAuthClientRepository;
import eu.xs2a.registration.persistence.UsedClientAssertions;
import eu.xs2a.security.tpp.TppIdentity;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.security.Key;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jose4j.json.JsonUtil;
import org.jose4j.jwk.JsonWebKey;
import org.jose4j.jwk.JsonWebKeySet;
import org.jose4j.jwk.PublicJsonWebKey;
import org.jose4j.jws.JsonWebSignature;
import org.jose4j.lang.JoseException;

/**
 * {@code private_key_jwt} client authentication at the open-banking certificate endpoint: a client assertion (RFC
 * 7523 section 2.2 and 3, OpenID Connect Core section 9). Such a client has no secret, so without this it could never
 * add a certificate. The assertion is a JWS of the client's registered {@code token_endpoint_auth_signing_alg}
 * (PS256 or RS256) with {@code iss} = {@code sub} = the client_id, {@code aud} = this endpoint's public URL,
 * {@code exp} (at most {@code client-assertion-max-lifetime} ahead) and a {@code jti} that is accepted once.
 *
 * <p>Its signer is trusted exactly as a registration request's signer is ({@link ClientRegistrationService}): a QSEAL
 * of the client's organisation in {@code x5c}, checked by xs2a-security's certificate validation now (trusted chain,
 * not revoked, valid; in live a QSealC), or a {@code kid} of the software_jwks in the client's software statement.
 * Whoever holds either could register (or recover) the client anyway; a certificate stored for the organisation needs
 * no extra step, and a client registered only by DCR has none stored.
 *
 * <p>Failures: a form fault (not a JWS, a claim of the wrong type) is RequestFormatInvalid, a missing claim
 * WrongRequiredFields, everything about trust, time, audience and reuse AccessDenied (401), as for HTTP Basic.
 */
@ApplicationScoped
public class ClientAssertions {

    /** RFC 7523's {@code client_assertion_type} for a JWT. */
    public static final String JWT_BEARER = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";
    /** The path a client assertion is for; its {@code aud} is this path under the public base URL. */
    public static final String CERTIFICATES_PATH = "/api/open-banking/v3.1/tpp/certificates";

    private static final String LABEL = "client_assertion claim";

    @Inject RegistrationConfig config;
    @Inject OAuthClientRepository clients;
    @Inject TrustedCertificates trust;
    @Inject UsedClientAssertions used;
    @Inject Clock clock;

    /** The {@code aud} an assertion must name: the certificate endpoint as TPPs reach it. */
    public String audience() {
        String base = config.publicBaseUrl();
        return (base.endsWith("/") ? base.substring(0, base.length() - 1) : base) + CERTIFICATES_PATH;
    }

    /**
     * Checks the assertion and records its jti (committed with this transaction, before the certificate is added in
     * its own); returns the authenticated client_id.
     */
    @Transactional
    public String authenticate(String assertionType, String assertion) {
        return authenticate(assertionType, assertion, List.of(audience()));
    }

    /**
     * The same for another endpoint: the assertion's {@code aud} must name one of {@code audiences} (the OAuth token
     * endpoint takes its own URL or its issuer, RFC 7523 section 3).
     */
    @Transactional
    public String authenticate(String assertionType, String assertion, List<String> audiences) {
        if (!JWT_BEARER.equals(assertionType)) {
            throw denied("client_assertion_type must be " + JWT_BEARER);
        }
        Instant now = clock.instant();
        JsonWebSignature jws = new JsonWebSignature();
        String payload;
        try {
            jws.setCompactSerialization(assertion.strip());
            payload = jws.getUnverifiedPayload();
        } catch (JoseException | RuntimeException e) {
            throw new Psd2Exception(ErrorClass.REQUEST_FORMAT_INVALID, "client_assertion is not a compact JWS (signed JWT)");
        }
        String alg = JwsHeaders.string(jws, "alg", "The client_assertion");
        if (!SigningAlgorithms.accepted(alg)) {
            throw denied("The client_assertion uses alg '" + alg + "'; only PS256 and RS256 are accepted");
        }
        Claims claims = Claims.parse(payload, LABEL, "The client_assertion");
        String iss = claims.requiredString("iss");
        String sub = claims.requiredString("sub");
        List<String> aud = claims.requiredAudience("aud");
        long exp = claims.requiredSeconds("exp");
        String jti = claims.requiredString("jti");
        Optional<Long> iat = claims.has("iat") ? Optional.of(claims.requiredSeconds("iat")) : Optional.empty();

        if (!iss.equals(sub)) {
            throw denied("client_assertion claims 'iss' and 'sub' must both be the client_id");
        }
        OAuthClient client = clients.ofSentId(iss).orElseThrow(() -> denied("client_assertion: unknown client_id"));
        if (!ClientMetadataRules.PRIVATE_KEY_JWT.equals(client.tokenEndpointAuthMethod)) {
            throw denied("Client " + client.clientId + " is registered with token_endpoint_auth_method "
                    + client.tokenEndpointAuthMethod + ": authenticate with HTTP Basic, not a client_assertion");
        }
        if (!alg.equals(client.tokenEndpointAuthSigningAlg)) {
            throw denied("The client_assertion uses alg '" + alg + "', the client registered token_endpoint_auth_signing_alg '"
                    + client.tokenEndpointAuthSigningAlg + "'");
        }
        verify(jws, alg, signingKey(jws, client, now));

        if (aud.stream().noneMatch(audiences::contains)) {
            throw denied("client_assertion claim 'aud' " + aud + " does not name this endpoint: "
                    + String.join(" or ", audiences));
        }
        long nowSeconds = now.getEpochSecond();
        if (exp <= nowSeconds) {
            throw denied("client_assertion claim 'exp' (" + exp + ") is not in the future");
        }
        long maxLifetime = config.clientAssertionMaxLifetime().toSeconds();
        if (exp > nowSeconds + maxLifetime) {
            throw denied("client_assertion claim 'exp' (" + exp + ") lies more than " + maxLifetime
                    + " s ahead; make a new assertion for each request");
        }
        if (iat.isPresent() && iat.get() > nowSeconds + config.maxIatSkew().toSeconds()) {
            throw denied("client_assertion claim 'iat' (" + iat.get() + ") lies more than "
                    + config.maxIatSkew().toSeconds() + " s in the future");
        }
        TextLimits.ASSERTION_JTI.check(ErrorClass.REQUEST_FORMAT_INVALID, "client_assertion claim 'jti'", jti);
        if (!used.firstUse(client.clientId, jti, Instant.ofEpochSecond(exp))) {
            throw denied("client_assertion claim 'jti' " + jti + " was used before: an assertion is good for one request");
        }
        return client.clientId;
    }

    /** The key named by the assertion's header: a QSEAL of the client's organisation in x5c, or a software_jwks kid. */
    private Key signingKey(JsonWebSignature jws, OAuthClient client, Instant now) {
        Object x5c = jws.getHeaders().getObjectHeaderValue("x5c");
        if (x5c != null) {
            if (!(x5c instanceof List<?> chain) || chain.isEmpty() || !(chain.get(0) instanceof String leaf)) {
                throw new Psd2Exception(ErrorClass.REQUEST_FORMAT_INVALID,
                        "client_assertion JWS header 'x5c' must be an array of base64 certificates");
            }
            TppIdentity identity;
            try {
                identity = trust.validate(leaf, now, "the certificate in the client_assertion's 'x5c'");
            } catch (Psd2Exception e) {
                throw denied("The signer in the client_assertion's 'x5c' is not trusted: " + e.getMessage());
            }
            if (!identity.tppId().equals(client.tppId)) {
                throw denied("The certificate in the client_assertion's 'x5c' belongs to " + identity.tppId()
                        + ", the client to " + client.tppId);
            }
            return identity.certificate().getPublicKey();
        }
        String kid = JwsHeaders.string(jws, "kid", "The client_assertion");
        if (kid == null) {
            throw denied("The client_assertion names no key: send a QSEAL of the client's organisation in 'x5c', or "
                    + "a 'kid' of its software statement's software_jwks");
        }
        JsonWebKey key = softwareJwks(client).flatMap(set -> set.getJsonWebKeys().stream()
                        .filter(k -> kid.equals(k.getKeyId())).findFirst())
                .orElseThrow(() -> denied("The client_assertion 'kid' " + kid
                        + " is not a key of the client's software statement's software_jwks"));
        if (!(key instanceof PublicJsonWebKey publicKey)) {
            throw denied("The client_assertion 'kid' " + kid + " is not a public signing key");
        }
        return publicKey.getPublicKey();
    }

    /** The software_jwks of the software statement stored with the client (verified when the client registered). */
    private static Optional<JsonWebKeySet> softwareJwks(OAuthClient client) {
        try {
            JsonWebSignature ssa = new JsonWebSignature();
            ssa.setCompactSerialization(client.softwareStatement);
            Map<String, Object> claims = JsonUtil.parseJson(ssa.getUnverifiedPayload());
            if (claims.get("software_jwks") instanceof Map<?, ?> object) {
                @SuppressWarnings("unchecked")
                Map<String, ?> jwks = (Map<String, ?>) object;
                return Optional.of(new JsonWebKeySet(JsonUtil.toJson(jwks)));
            }
            return Optional.empty();
        } catch (JoseException | RuntimeException e) {
            return Optional.empty(); // read and checked at registration; nothing usable now means no key
        }
    }

    private static void verify(JsonWebSignature jws, String alg, Key key) {
        if (!SigningAlgorithms.verifies(jws, key)) {
            throw denied("The client_assertion signature (" + alg + ") does not verify");
        }
    }

    private static Psd2Exception denied(String message) {
        return new Psd2Exception(ErrorClass.CREDENTIALS_INVALID, message);
    }
}
