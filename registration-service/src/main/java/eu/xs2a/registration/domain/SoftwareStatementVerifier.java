package eu.xs2a.registration.domain;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.ErrorTexts;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.security.tpp.Role;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.security.PublicKey;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.jose4j.json.JsonUtil;
import org.jose4j.jwk.JsonWebKey;
import org.jose4j.jwk.JsonWebKeySet;
import org.jose4j.jwk.PublicJsonWebKey;
import org.jose4j.jws.JsonWebSignature;
import org.jose4j.lang.JoseException;

/**
 * Verifies a software statement: a PS256/RS256 JWS of one of the configured directory keys. Unknown key id →
 * NotFound; a signature that does not verify → AccessDenied; not a JWS → RequestFormatInvalid.
 */
@ApplicationScoped
public class SoftwareStatementVerifier {

    static final String CLAIM = "software_statement";
    private static final String LABEL = "software_statement claim";

    @Inject DirectoryKeys directory;

    public SoftwareStatement verify(String compact, Instant now) {
        JsonWebSignature jws = new JsonWebSignature();
        try {
            jws.setCompactSerialization(compact.trim());
        } catch (JoseException e) {
            throw new Psd2Exception(ErrorClass.REQUEST_FORMAT_INVALID, "claim 'software_statement' is not a compact JWS");
        }
        String alg = JwsHeaders.string(jws, "alg", "The software_statement");
        if (!SigningAlgorithms.accepted(alg)) {
            throw new Psd2Exception(ErrorClass.REGISTRATION_SIGNATURE_INVALID,
                    "software_statement is signed with alg '" + alg + "'; only PS256 and RS256 are accepted");
        }
        String kid = JwsHeaders.string(jws, "kid", "The software_statement");
        if (kid == null) {
            throw new Psd2Exception(ErrorClass.WRONG_REQUIRED_FIELDS,
                    "software_statement JWS header 'kid' is required: it names the directory key that signed it");
        }
        PublicKey key = directory.byKid(kid).orElseThrow(() -> new Psd2Exception(ErrorClass.NOT_FOUND,
                "software_statement is signed with key id '" + kid + "', which no configured directory key has"));
        if (!SigningAlgorithms.verifies(jws, key)) {
            throw new Psd2Exception(ErrorClass.REGISTRATION_SIGNATURE_INVALID,
                    "software_statement signature does not verify with directory key '" + kid + "'");
        }
        Claims claims;
        try {
            claims = Claims.parse(jws.getPayload(), LABEL, CLAIM);
        } catch (JoseException e) {
            throw new Psd2Exception(ErrorClass.REQUEST_FORMAT_INVALID, "software_statement payload cannot be read");
        }
        String softwareId = claims.requiredString("software_id");
        if (claims.has("exp") && claims.requiredSeconds("exp") <= now.getEpochSecond()) {
            throw new Psd2Exception(ErrorClass.INVALID, "software_statement claim 'exp' lies in the past: the SSA has expired");
        }
        return new SoftwareStatement(compact.trim(), softwareId, claims.optionalString("org_id"),
                claims.optionalString("software_client_name"), claims.optionalStringList("software_redirect_uris"),
                roles(claims), jwks(claims), contactEmail(claims));
    }

    private static Set<Role> roles(Claims claims) {
        EnumSet<Role> roles = EnumSet.noneOf(Role.class);
        for (String name : claims.optionalStringList("software_roles").orElse(List.of())) {
            roles.add(SoftwareRoles.role(name).orElseThrow(() -> new Psd2Exception(ErrorClass.INVALID,
                    LABEL + " 'software_roles' holds the unknown role '" + name + "'")));
        }
        return roles;
    }

    private static Optional<JsonWebKeySet> jwks(Claims claims) {
        return claims.optionalObject("software_jwks").map(object -> jwks(object, SoftwareStatementVerifier::notAJwks));
    }

    /**
     * {@code object} as a software statement's software_jwks: a JWK Set of public keys this ASPSP can read, else
     * {@code refused} with what is wrong. The sandbox's statements are checked by it as they are issued, so that each
     * one registers.
     */
    public static JsonWebKeySet jwks(Map<String, Object> object, Function<String, Psd2Exception> refused) {
        JsonWebKeySet set;
        try {
            set = new JsonWebKeySet(JsonUtil.toJson(object));
        } catch (JoseException | RuntimeException e) { // jose4j casts the members it reads: {"keys":"x"} fails so
            throw refused.apply("is not a JWKS");
        }
        // jose4j skips a key it cannot read (an unknown kty); the TPP should hear of it now, not as an unknown kid
        if (!(object.get("keys") instanceof List<?> keys) || keys.size() != set.getJsonWebKeys().size()) {
            throw refused.apply("is not a JWKS of keys this ASPSP can read");
        }
        for (JsonWebKey key : set.getJsonWebKeys()) {
            if (!(key instanceof PublicJsonWebKey publicKey) || publicKey.getPrivateKey() != null) {
                throw refused.apply("holds a private or secret key (kid " + ErrorTexts.shown(key.getKeyId())
                        + "): a software statement carries public keys only");
            }
        }
        return set;
    }

    private static Psd2Exception notAJwks(String fault) {
        return new Psd2Exception(ErrorClass.REQUEST_FORMAT_INVALID, LABEL + " 'software_jwks' " + fault);
    }

    private static Optional<String> contactEmail(Claims claims) {
        Object contacts = claims.asMap().get("org_contacts");
        if (contacts instanceof List<?> list) {
            for (Object contact : list) {
                if (contact instanceof Map<?, ?> map && map.get("email") instanceof String email
                        && EmailAddresses.valid(email)) {
                    return Optional.of(email);
                }
            }
        }
        return Optional.empty();
    }
}
