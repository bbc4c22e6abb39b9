package eu.xs2a.registration.domain;

import eu.xs2a.registration.config.OAuthConfig;
import io.smallrye.jwt.algorithm.SignatureAlgorithm;
import io.smallrye.jwt.build.Jwt;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Instant;
import java.util.UUID;

/**
 * Access tokens: RS256 JWTs built and signed by SmallRye JWT, verified by every service with the published key and
 * no call here. Claims: {@code iss} (the provider's OAuth issuer), {@code aud} (the provider's XS2A API),
 * {@code sub} (the PSU for a PSU's grant, else the client), {@code client_id}, {@code org_id} (the TPP's organisation,
 * its QSEAL's organizationIdentifier), {@code scope}, {@code iat}, {@code exp}, {@code jti}.
 */
@ApplicationScoped
public class AccessTokens {

    /** An issued token and its lifetime in seconds ({@code expires_in}). */
    public record Issued(String token, long expiresIn) {
    }

    @Inject OAuthSigningKey key;
    @Inject OAuthEndpoints endpoints;
    @Inject OAuthConfig config;
    @Inject Clock clock;

    /** A token of {@code client} at {@code providerCode}; {@code psuId} null for the client's own (client credentials). */
    public Issued issue(String providerCode, OAuthClient client, String scope, String psuId) {
        OAuthSigningKey.Loaded signing = key.require();
        Instant now = clock.instant();
        long lifetime = config.accessTokenLifetime().toSeconds();
        String token = Jwt.issuer(endpoints.issuer(providerCode))
                .audience(endpoints.audience(providerCode))
                .subject(psuId != null ? psuId : client.clientId)
                .claim("client_id", client.clientId)
                .claim("org_id", client.tppId)
                .claim("scope", scope)
                .claim("jti", UUID.randomUUID().toString())
                .issuedAt(now.getEpochSecond())
                .expiresAt(now.getEpochSecond() + lifetime)
                .jws().keyId(signing.keyId()).algorithm(SignatureAlgorithm.RS256)
                .sign(signing.privateKey());
        return new Issued(token, lifetime);
    }
}
