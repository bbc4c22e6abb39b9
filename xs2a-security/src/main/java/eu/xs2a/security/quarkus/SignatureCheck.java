package eu.xs2a.security.quarkus;

import com.fasterxml.jackson.databind.ObjectMapper;
import eu.xs2a.platform.error.ErrorBody;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.security.core.RequestHeaders;
import eu.xs2a.security.core.RequestVerifier;
import eu.xs2a.security.core.VerifiedRequest;
import eu.xs2a.security.replay.ReplayOutcome;
import eu.xs2a.security.replay.StoredResponse;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.IOException;
import java.net.URI;
import java.util.Map;

/**
 * The signed-request pipeline run by a resource itself, for an endpoint that is signed only for some requests
 * (registration-service's sandbox self-service: a request that names an organisation must be signed by a seal of it,
 * one that does not is open). {@link #verify} is what {@link SignatureFilter} runs for a {@link Signed} endpoint
 * before any role: steps 1 to 5 (X-Request-ID, certificate, signature, Digest over the exact body bytes, Date), the
 * blocked TPPs and the header limits, and sets {@link CurrentTpp}. The caller then checks what the identity must be,
 * and claims the X-Request-ID with {@link #claimOnce} just before it acts.
 *
 * <p>Unlike a {@link Signed} create, the answer is not kept for a retry: it may hold what must be given out once (a
 * private key). A served request's X-Request-ID stays used: sent again, it is FormatError, and nothing is done twice.
 */
@ApplicationScoped
public class SignatureCheck {

    private static final String USED = "was used for a request already served; its answer is not kept: send a new"
            + " request with a new X-Request-ID";

    @Inject SignaturePipeline pipeline;
    @Inject ObjectMapper json;

    /**
     * Steps 1 to 5, the blocked list and the header limits, as for a {@link Signed} endpoint; the caller's
     * identity is then in {@link CurrentTpp}.
     *
     * @param requestUri the request's URI as received (its raw path and query are the request target)
     * @throws Psd2Exception the pipeline's refusal (the caller may answer it with another class)
     */
    public VerifiedRequest verify(String method, URI requestUri, RequestHeaders headers, byte[] body) {
        VerifiedRequest verified = pipeline.verifyAndIdentify(method, requestUri, headers,
                body == null ? new byte[0] : body);
        RequestVerifier.checkHeaderLimits(headers);
        return verified;
    }

    /**
     * Claims the request's X-Request-ID for its TPP (pipeline step 7); call it once everything else has been checked.
     * An id used before is FormatError; the retry of one still running is ServiceUnavailable with Retry-After.
     */
    public void claimOnce(VerifiedRequest request, String method, String path) {
        ReplayOutcome outcome = pipeline.replayStore().claim(request.identity().tppId(), request.requestId(), method,
                path, request.digest());
        if (outcome instanceof ReplayOutcome.Replay) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "X-Request-ID " + request.requestId() + " " + USED);
        }
    }

    /** The claimed request was served: its X-Request-ID stays used, and a retry of it is refused. */
    public void served(VerifiedRequest request) {
        Psd2Exception refusal = new Psd2Exception(ErrorClass.FORMAT_ERROR, "X-Request-ID " + request.requestId()
                + " " + USED);
        byte[] body;
        try {
            body = json.writeValueAsBytes(ErrorBody.of(refusal));
        } catch (IOException e) {
            throw new IllegalStateException("Cannot write the refusal kept for a retry", e);
        }
        pipeline.replayStore().complete(request.identity().tppId(), request.requestId(),
                new StoredResponse(ErrorClass.FORMAT_ERROR.status(), Map.of("Content-Type", "application/json"), body));
    }

    /** The claimed request failed on the server's side: the TPP may send it again with the same X-Request-ID. */
    public void failed(VerifiedRequest request) {
        pipeline.replayStore().release(request.identity().tppId(), request.requestId());
    }
}
