package eu.xs2a.security.replay;

import java.time.Instant;
import java.util.UUID;

/**
 * The X-Request-ID rule (DESIGN.md pipeline step 7): an id already used by the same TPP within the retention is
 * refused, except a create (POST) with the same Digest on the same path, which gets the first answer again.
 */
public interface ReplayStore {

    /**
     * Records the id for the TPP or finds it used.
     *
     * @return {@link ReplayOutcome#FIRST} or a {@link ReplayOutcome.Replay}
     * @throws eu.xs2a.security.error.Psd2Exception FormatError "X-Request-ID already used"
     */
    ReplayOutcome claim(String tppId, UUID requestId, String method, String path, String digest);

    /** Keeps the answer of a claimed create for later replays. */
    void complete(String tppId, UUID requestId, StoredResponse response);

    /** Forgets a claim whose request failed on the server side (5xx), so that the TPP may retry with the same id. */
    void release(String tppId, UUID requestId);

    /** Removes rows created before {@code cutoff}; returns how many. */
    int deleteCreatedBefore(Instant cutoff);
}
