package eu.xs2a.security.replay;

import java.time.Instant;
import java.util.UUID;

/**
 * The X-Request-ID rule (docs/ARCHITECTURE.md "Request pipeline", step 7): an id already used by the same TPP within
 * the retention is refused, except a create (POST) with the same Digest on the same path, which gets the first answer
 * again, or, while the first one is still running, ServiceUnavailable with Retry-After (after the pending timeout it
 * runs in its place).
 */
public interface ReplayStore {

    /**
     * Records the id for the TPP or finds it used.
     *
     * @return {@link ReplayOutcome#FIRST} or a {@link ReplayOutcome.Replay}
     * @throws eu.xs2a.platform.error.Psd2Exception FormatError "X-Request-ID already used", or ServiceUnavailable for
     *     the retry of a create still running
     */
    ReplayOutcome claim(String tppId, UUID requestId, String method, String path, String digest);

    /** Keeps the answer of a claimed create for later replays, in a transaction of its own. */
    void complete(String tppId, UUID requestId, StoredResponse response);

    /**
     * Keeps the answer of a claimed create in the caller's open transaction, the one that stores the created resource:
     * committed together, so a service that dies after that commit still leaves the answer for a retry. The caller's
     * commit stays as synchronous as it was. A later {@link #complete} may replace the answer.
     */
    void keep(String tppId, UUID requestId, StoredResponse response);

    /**
     * Forgets a claim whose request failed on the server side (5xx), so that the TPP may retry with the same id; a
     * claim that already has an answer (its resource was created) is kept.
     */
    void release(String tppId, UUID requestId);

    /** Removes rows created before {@code cutoff}; returns how many. */
    int deleteCreatedBefore(Instant cutoff);
}
