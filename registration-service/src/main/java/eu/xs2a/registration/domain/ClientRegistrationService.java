package eu.xs2a.registration.domain;

import eu.xs2a.platform.SecureTokens;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.validation.RedirectUris;
import eu.xs2a.registration.config.RegistrationConfig;
import eu.xs2a.registration.persistence.OAuthClientRepository;
import eu.xs2a.registration.persistence.TppRepository;
import eu.xs2a.security.core.BlockedTpps;
import eu.xs2a.security.tpp.Role;
import eu.xs2a.security.tpp.TppIdentity;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.PersistenceException;
import jakarta.transaction.Transactional;
import java.security.Key;
import java.time.Clock;
import java.time.Instant;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.jboss.logging.Logger;
import org.jose4j.jwk.JsonWebKey;
import org.jose4j.jwk.PublicJsonWebKey;

/**
 * Open-banking dynamic client registration: checks the signed registration request and its software statement
 * in the order of the interface's error classes (form → required claims → SSA → signatures → values), then
 * creates the client and writes its confirmation letter in the same transaction.
 */
@ApplicationScoped
public class ClientRegistrationService {

    /** The unique key of {@code oauth_client.software_id} (V1__init.sql): one client per software. */
    static final String SOFTWARE_UNIQUE = "oauth_client_software_unique";

    private static final Logger LOG = Logger.getLogger(ClientRegistrationService.class);

    @Inject RegistrationConfig config;
    @Inject SoftwareStatementVerifier statements;
    @Inject TrustedCertificates certificates;
    @Inject OAuthClientRepository clients;
    @Inject TppRepository tpps;
    @Inject Letters letters;
    @Inject Clock clock;
    @Inject BlockedTpps blocked;

    /**
     * Who signed the registration request, as far as the registration is concerned; {@code certificate} names the
     * signing key in logs (the x5c certificate's SHA-256 fingerprint, or the software_jwks kid).
     */
    private record Signer(String tppId, Set<Role> roles, String certificate) {
    }

    @Transactional
    public RegisteredClient register(String compactJwt) {
        Instant now = clock.instant();
        RegistrationRequest request = RegistrationRequest.parse(compactJwt);
        SoftwareStatement ssa = statements.verify(request.softwareStatement, now);
        Signer signer = verifySigner(request, ssa, now);
        blocked.requireNotBlocked(signer.tppId(), ErrorClass.SERVICE_BLOCKED_REGISTRATION);
        checkClaims(request, ssa, now);
        checkStoredText(ssa, signer);

        String authMethod = request.tokenEndpointAuthMethod
                .map(v -> ClientMetadataRules.oneOf("token_endpoint_auth_method", v, ClientMetadataRules.AUTH_METHODS))
                .orElse(ClientMetadataRules.DEFAULT_AUTH_METHOD);
        String signingAlg = request.tokenEndpointAuthSigningAlg
                .map(v -> ClientMetadataRules.oneOf("token_endpoint_auth_signing_alg", v, ClientMetadataRules.SIGNING_ALGS))
                .orElse(ClientMetadataRules.DEFAULT_SIGNING_ALG);
        List<String> grantTypes = ClientMetadataRules.allOf("grant_types", request.grantTypes, ClientMetadataRules.GRANT_TYPES);
        List<String> responseTypes = request.responseTypes
                .map(v -> ClientMetadataRules.allOf("response_types", v, ClientMetadataRules.RESPONSE_TYPES))
                .filter(v -> !v.isEmpty())
                .orElse(ClientMetadataRules.DEFAULT_RESPONSE_TYPES);
        List<String> requestedScopes = request.scope
                .map(v -> ClientMetadataRules.allOf("scope", Arrays.asList(v.trim().split("\\s+")), ClientMetadataRules.SCOPES))
                .orElse(List.of());
        Optional<String> applicationType = request.applicationType
                .map(v -> ClientMetadataRules.oneOf("application_type", v, ClientMetadataRules.APPLICATION_TYPES));
        Optional<String> requestObjectAlg = request.requestObjectSigningAlg
                .map(v -> ClientMetadataRules.oneOf("request_object_signing_alg", v, ClientMetadataRules.SIGNING_ALGS));

        Optional<OAuthClient> registered = clients.ofSoftwareForUpdate(ssa.softwareId());
        if (registered.isPresent()) {
            return registeredAgain(registered.get(), signer, now);
        }

        OAuthClient client = new OAuthClient();
        client.clientId = UUID.randomUUID().toString();
        client.tppId = signer.tppId();
        client.softwareId = ssa.softwareId();
        client.clientName = ssa.clientName().orElse(null);
        String secret = null;
        if (ClientMetadataRules.CLIENT_SECRET_BASIC.equals(authMethod)) {
            secret = SecureTokens.random(config.clientSecretBytes());
            client.clientSecretHash = SecureTokens.sha256Hex(secret);
        }
        client.clientIdIssuedAt = now;
        client.clientSecretExpiresAt = 0;
        client.tokenEndpointAuthMethod = authMethod;
        client.tokenEndpointAuthSigningAlg = signingAlg;
        client.grantTypes = OAuthClient.join(grantTypes);
        client.responseTypes = OAuthClient.join(responseTypes);
        client.redirectUris = OAuthClient.join(request.redirectUris);
        client.scope = String.join(" ", ClientMetadataRules.grantedScopes(requestedScopes, signer.roles()));
        client.applicationType = applicationType.orElse(null);
        client.requestObjectSigningAlg = requestObjectAlg.orElse(null);
        client.contactEmail = ssa.contactEmail()
                .or(() -> tpps.findByIdOptional(signer.tppId()).map(t -> t.representativeEmail))
                .orElse(null);
        client.softwareStatement = ssa.compact();
        try {
            clients.persistAndFlush(client);
        } catch (PersistenceException e) {
            if (UniqueViolations.of(e, SOFTWARE_UNIQUE)) {
                // a concurrent registration of the same software won the unique constraint
                throw alreadyRegistered(ssa.softwareId());
            }
            throw e; // anything else is not "already registered"
        }
        if (client.contactEmail != null) {
            letters.clientRegistered(client.contactEmail, client);
        } else {
            LOG.infof("No confirmation letter for client %s of %s: the software_statement has no org_contacts e-mail "
                    + "and the organisation is not registered the Berlin Group way", client.clientId, client.tppId);
        }
        LOG.infof("Client %s registered (open banking) for software %s of %s, signer certificate %s, roles %s, scope '%s'",
                client.clientId, client.softwareId, client.tppId, signer.certificate(), signer.roles(), client.scope);
        return new RegisteredClient(client, secret);
    }

    /**
     * The same software registered again, by a valid request of the same organisation: a TPP whose first answer was
     * lost (a timeout, a reset connection) would otherwise never learn its client_id and secret, and the software_id
     * is used up. It gets the client as stored, with a new client_secret for client_secret_basic (the old one stops
     * working; the secret is stored only as a hash, so it cannot be shown again). The stored metadata stay: this
     * recovers a registration, it does not change one. Another organisation's request is refused as before.
     */
    private RegisteredClient registeredAgain(OAuthClient client, Signer signer, Instant now) {
        if (!client.tppId.equals(signer.tppId())) {
            throw alreadyRegistered(client.softwareId);
        }
        String secret = null;
        if (ClientMetadataRules.CLIENT_SECRET_BASIC.equals(client.tokenEndpointAuthMethod)) {
            secret = SecureTokens.random(config.clientSecretBytes());
            client.clientSecretHash = SecureTokens.sha256Hex(secret);
        }
        LOG.infof("Client %s registered again (open banking) for software %s of %s, signer certificate %s: %s",
                client.clientId, client.softwareId, client.tppId, signer.certificate(),
                secret != null ? "client_secret rotated" : "no client_secret (" + client.tokenEndpointAuthMethod + ")");
        return new RegisteredClient(client, secret);
    }

    /**
     * The request must be signed by the QSEAL in its {@code x5c} header (chained to a trust anchor, of the SSA's
     * organisation) or by a key of the SSA's inline {@code software_jwks}; anything else is AccessDenied.
     */
    private Signer verifySigner(RegistrationRequest request, SoftwareStatement ssa, Instant now) {
        Object x5c = request.jws.getHeaders().getObjectHeaderValue("x5c");
        if (x5c != null) {
            // without org_id any trusted QSEAL could register (and so take) another organisation's software
            String orgId = ssa.orgId().orElseThrow(() -> new Psd2Exception(ErrorClass.WRONG_REQUIRED_FIELDS,
                    "software_statement claim 'org_id' is required when the request is signed with the certificate "
                            + "in 'x5c': the signer must belong to it"));
            if (!(x5c instanceof List<?> chain) || chain.isEmpty() || !(chain.get(0) instanceof String leaf)) {
                throw new Psd2Exception(ErrorClass.REQUEST_FORMAT_INVALID, "JWS header 'x5c' must be an array of base64 certificates");
            }
            TppIdentity identity;
            try {
                identity = certificates.validate(leaf, now, "the certificate in JWS header 'x5c'");
            } catch (Psd2Exception e) {
                throw new Psd2Exception(ErrorClass.REGISTRATION_CERTIFICATE_INVALID,
                        "The signer in JWS header 'x5c' is not trusted: " + e.getMessage());
            }
            verify(request, identity.certificate().getPublicKey(), "the certificate in 'x5c'");
            if (!orgId.equals(identity.tppId())) {
                throw new Psd2Exception(ErrorClass.REGISTRATION_CERTIFICATE_INVALID, "The certificate in 'x5c' belongs to "
                        + identity.tppId() + ", the software_statement to org_id " + orgId);
            }
            return new Signer(identity.tppId(), withinSoftwareRoles(identity.roles(), ssa),
                    "sha256:" + identity.fingerprint());
        }
        String kid = JwsHeaders.string(request.jws, "kid", "The request");
        if (kid == null || ssa.jwks().isEmpty()) {
            throw new Psd2Exception(ErrorClass.REGISTRATION_SIGNATURE_INVALID,
                    "The request JWS names no trusted signer: send the QSEAL in 'x5c' or a 'kid' of the software_statement's software_jwks");
        }
        JsonWebKey jwk = ssa.jwks().get().getJsonWebKeys().stream()
                .filter(k -> kid.equals(k.getKeyId()))
                .findFirst()
                .orElseThrow(() -> new Psd2Exception(ErrorClass.REGISTRATION_SIGNATURE_INVALID,
                        "The request JWS 'kid' " + kid + " is not a key of the software_statement's software_jwks"));
        if (!(jwk instanceof PublicJsonWebKey publicJwk)) {
            throw new Psd2Exception(ErrorClass.REGISTRATION_SIGNATURE_INVALID,
                    "The request JWS 'kid' " + kid + " is not a public signing key");
        }
        verify(request, publicJwk.getPublicKey(), "software_jwks key " + kid);
        String orgId = ssa.orgId().orElseThrow(() -> new Psd2Exception(ErrorClass.WRONG_REQUIRED_FIELDS,
                "software_statement claim 'org_id' is required when the request is signed with a software_jwks key"));
        return new Signer(orgId, ssa.roles(), "software_jwks kid " + kid);
    }

    /**
     * The directory names what the software may do ({@code software_roles}), the certificate what its organisation
     * may do: the client gets what both allow. An SSA without software_roles leaves it to the certificate.
     */
    private static Set<Role> withinSoftwareRoles(Set<Role> certificateRoles, SoftwareStatement ssa) {
        if (ssa.roles().isEmpty()) {
            return certificateRoles;
        }
        Set<Role> granted = EnumSet.noneOf(Role.class);
        granted.addAll(certificateRoles);
        granted.retainAll(ssa.roles());
        return granted;
    }

    private static void verify(RegistrationRequest request, Key key, String signer) {
        if (!SigningAlgorithms.verifies(request.jws, key)) {
            throw new Psd2Exception(ErrorClass.REGISTRATION_SIGNATURE_INVALID,
                    "The request JWS signature does not verify with " + signer);
        }
    }

    /**
     * The claim rules whose failure is Invalid (406). Time: {@code exp} in the future, {@code iat} neither more than
     * max-iat-skew ahead nor more than max-iat-age behind, and {@code exp - iat} positive and at most max-lifetime.
     */
    private void checkClaims(RegistrationRequest request, SoftwareStatement ssa, Instant now) {
        long nowSeconds = now.getEpochSecond();
        if (request.exp <= nowSeconds) {
            throw new Psd2Exception(ErrorClass.INVALID, "claim 'exp' (" + request.exp + ") is not in the future");
        }
        if (request.iat > nowSeconds + config.maxIatSkew().toSeconds()) {
            throw new Psd2Exception(ErrorClass.INVALID, "claim 'iat' (" + request.iat + ") lies more than "
                    + config.maxIatSkew().toSeconds() + " s in the future");
        }
        if (request.iat < nowSeconds - config.maxIatAge().toSeconds()) {
            throw new Psd2Exception(ErrorClass.INVALID, "claim 'iat' (" + request.iat + ") lies more than "
                    + config.maxIatAge().toSeconds() + " s in the past: sign the registration request when sending it");
        }
        // iat is within a few minutes of now here, so neither difference can overflow
        long lifetime = request.exp - request.iat;
        if (lifetime <= 0) {
            throw new Psd2Exception(ErrorClass.INVALID, "claim 'exp' (" + request.exp + ") is not after claim 'iat' ("
                    + request.iat + ")");
        }
        if (lifetime > config.maxLifetime().toSeconds()) {
            throw new Psd2Exception(ErrorClass.INVALID, "claim 'exp' (" + request.exp + ") lies " + lifetime
                    + " s after claim 'iat'; a registration request may be valid for at most "
                    + config.maxLifetime().toSeconds() + " s");
        }
        if (!request.aud.contains(config.aspspId())) {
            throw new Psd2Exception(ErrorClass.INVALID, "claim 'aud' " + request.aud
                    + " is not this ASPSP's id '" + config.aspspId() + "'");
        }
        if (request.softwareId.isPresent() && !request.softwareId.get().equals(ssa.softwareId())) {
            throw new Psd2Exception(ErrorClass.INVALID, "claim 'software_id' (" + request.softwareId.get()
                    + ") differs from the software_statement's software_id (" + ssa.softwareId() + ")");
        }
        if (!request.iss.equals(ssa.softwareId())) {
            throw new Psd2Exception(ErrorClass.INVALID, "claim 'iss' (" + request.iss
                    + ") differs from the software_statement's software_id (" + ssa.softwareId() + ")");
        }
        for (String uri : request.redirectUris) {
            // stored joined by spaces: the rule, which refuses a space, also keeps one value from becoming two
            String fault = RedirectUris.fault(uri);
            if (fault != null) {
                throw new Psd2Exception(ErrorClass.INVALID, "claim 'redirect_uris' holds " + RedirectUris.shown(uri)
                        + ", which " + fault);
            }
        }
        if (ssa.redirectUris().isPresent()) {
            Set<String> master = new HashSet<>(ssa.redirectUris().get());
            for (String uri : request.redirectUris) {
                if (!master.contains(uri)) {
                    throw new Psd2Exception(ErrorClass.INVALID, "claim 'redirect_uris' holds " + uri
                            + ", which is not one of the software_statement's software_redirect_uris");
                }
            }
        }
    }

    /**
     * The SSA's values stored in bounded columns must fit them ({@link TextLimits}); a longer one is Invalid, like any
     * other value this ASPSP does not accept. The contact e-mail needs no check: only a valid address, which is at
     * most {@link EmailAddresses#MAX_LENGTH} long, is taken; every other stored value is from a fixed set or text.
     */
    private static void checkStoredText(SoftwareStatement ssa, Signer signer) {
        // every signer is of the SSA's org_id (verifySigner), so that is the organisation stored
        TextLimits.ORGANISATION_ID.check(ErrorClass.INVALID, "software_statement claim 'org_id'", signer.tppId());
        TextLimits.SOFTWARE_ID.check(ErrorClass.INVALID, "software_statement claim 'software_id'", ssa.softwareId());
        TextLimits.CLIENT_NAME.check(ErrorClass.INVALID, "software_statement claim 'software_client_name'",
                ssa.clientName().orElse(null));
    }

    private static Psd2Exception alreadyRegistered(String softwareId) {
        return new Psd2Exception(ErrorClass.INVALID, "claim 'software_statement': software " + softwareId
                + " is already registered");
    }
}
