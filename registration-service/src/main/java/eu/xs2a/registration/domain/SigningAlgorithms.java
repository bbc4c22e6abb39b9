package eu.xs2a.registration.domain;

import java.security.Key;
import java.util.Set;
import org.jose4j.jws.AlgorithmIdentifiers;
import org.jose4j.jwa.AlgorithmConstraints;
import org.jose4j.jws.JsonWebSignature;
import org.jose4j.lang.JoseException;

/**
 * The only JWS algorithms accepted for registration requests and software statements: PS256 and RS256.
 * {@code none}, HMAC (a shared secret proves nothing about a TPP) and everything else are refused.
 */
public final class SigningAlgorithms {

    public static final Set<String> ACCEPTED = Set.of(
            AlgorithmIdentifiers.RSA_PSS_USING_SHA256, AlgorithmIdentifiers.RSA_USING_SHA256);

    /** Enforced by jose4j itself as well, so a check forgotten elsewhere cannot let another algorithm through. */
    public static final AlgorithmConstraints CONSTRAINTS = new AlgorithmConstraints(
            AlgorithmConstraints.ConstraintType.PERMIT,
            AlgorithmIdentifiers.RSA_PSS_USING_SHA256, AlgorithmIdentifiers.RSA_USING_SHA256);

    private SigningAlgorithms() {
    }

    public static boolean accepted(String alg) {
        return alg != null && ACCEPTED.contains(alg);
    }

    /**
     * Whether the JWS verifies with the key under {@link #CONSTRAINTS}: the one signature check of registration
     * requests, software statements and client assertions. A JWS jose4j cannot even check does not verify.
     */
    public static boolean verifies(JsonWebSignature jws, Key key) {
        jws.setAlgorithmConstraints(CONSTRAINTS);
        jws.setKey(key);
        try {
            return jws.verifySignature();
        } catch (JoseException e) {
            return false;
        }
    }
}
