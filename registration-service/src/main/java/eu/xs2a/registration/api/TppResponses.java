package eu.xs2a.registration.api;

import eu.xs2a.registration.api.BerlinGroupDtos.TppResponse;
import eu.xs2a.registration.domain.TppRecorded;
import eu.xs2a.security.quarkus.ReplayAnswers;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** The answers of the Berlin Group registration endpoints, and keeping them for a retry of the same request. */
@ApplicationScoped
public class TppResponses {

    /**
     * The Content-Type the REST layer sends a JSON entity with: the kept answer equals the one sent, so the response
     * filter need not write it a second time.
     */
    private static final MediaType JSON = MediaType.APPLICATION_JSON_TYPE.withCharset("UTF-8");

    /** 200 with the TPP record: what register and certificate add answer ({@link BerlinGroupTppResource}). */
    static Response ok(TppResponse body) {
        return Response.ok(body, JSON).build();
    }

    /**
     * Keeps the answer for the TPP's retry (same X-Request-ID and Digest) in the transaction that stores the TPP or its
     * certificate: a service that dies after the commit but before the answer is recorded still answers the retry with
     * it (docs/ARCHITECTURE.md "Request pipeline", step 7), instead of FormatError "X-Request-ID already used". A
     * later attempt of the same request ({@code CertificateInserts}) keeps its own answer in its own transaction.
     */
    void keepAnswer(@Observes TppRecorded recorded, ReplayAnswers answers) {
        answers.keep(ok(TppResponse.of(recorded.record())));
    }
}
