package eu.xs2a.security.core;

import eu.xs2a.security.tpp.TppIdentity;
import java.util.UUID;

/**
 * A request that passed pipeline steps 1-5.
 *
 * @param identity  the TPP behind the certificate
 * @param requestId the X-Request-ID
 * @param digest    the Digest header as sent (for the replay rule)
 */
public record VerifiedRequest(TppIdentity identity, UUID requestId, String digest) {
}
