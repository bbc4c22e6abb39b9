package eu.xs2a.security.quarkus;

import com.fasterxml.jackson.databind.ObjectMapper;
import eu.xs2a.security.replay.ReplayStore;
import eu.xs2a.security.replay.StoredResponse;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.Response;
import java.util.UUID;

/**
 * The X-Request-ID claim of the signed request being served and, for a create, the answer it kept with its resource.
 *
 * <p>A service calls {@link #keep} inside the transaction that stores what a POST created, with the answer the POST
 * will give. The resource and its answer are then committed together: a service that dies before
 * {@link ReplayResponseFilter} stores the answer still leaves it for the TPP's retry, as docs/ARCHITECTURE.md
 * "Request pipeline" steps 7 and 9 promise: the first answer again, and no second resource.
 */
@RequestScoped
public class ReplayAnswers {

    /** A claimed X-Request-ID waiting for its response. */
    record Claim(String tppId, UUID requestId, String method) {
    }

    @Inject ReplayStore store;
    @Inject ObjectMapper json;

    private Claim claim;
    private StoredResponse kept;

    /**
     * Keeps {@code answer} for the current signed POST in the caller's transaction. Call it where the created resource
     * is stored, before that transaction commits. A request that is not a signed POST keeps nothing.
     */
    public void keep(Response answer) {
        if (claim == null || !"POST".equals(claim.method())) {
            return;
        }
        StoredResponse response = StoredAnswers.of(answer.getStatus(), answer.getStringHeaders(), answer.getMediaType(),
                answer.getEntity(), json);
        store.keep(claim.tppId(), claim.requestId(), response);
        kept = response;
    }

    void claimed(Claim claim) {
        this.claim = claim;
    }

    /** The claim, once: the response filter completes it. */
    Claim take() {
        Claim taken = claim;
        claim = null;
        return taken;
    }

    /** The answer kept by {@link #keep}, or null. */
    StoredResponse kept() {
        return kept;
    }
}
