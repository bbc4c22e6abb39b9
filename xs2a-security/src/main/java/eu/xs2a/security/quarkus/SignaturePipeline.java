package eu.xs2a.security.quarkus;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.security.core.BlockedTpps;
import eu.xs2a.security.core.RequestHeaders;
import eu.xs2a.security.core.RequestVerifier;
import eu.xs2a.security.core.VerifiedRequest;
import eu.xs2a.security.replay.ReplayStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.net.URI;

/**
 * What the filters need at request time. Application-scoped so that the filters (which Quarkus REST creates
 * early) hold a proxy and the runtime configuration ({@link SecurityConfig}) is read only when a request comes.
 */
@ApplicationScoped
public class SignaturePipeline {

    @Inject RequestVerifier verifier;
    @Inject ReplayStore replayStore;
    @Inject CurrentTpp currentTpp;
    @Inject ReplayAnswers replayAnswers;
    @Inject SecurityConfig config;
    @Inject BlockedTpps blockedTpps;

    RequestVerifier verifier() {
        return verifier;
    }

    ReplayStore replayStore() {
        return replayStore;
    }

    CurrentTpp currentTpp() {
        return currentTpp;
    }

    ReplayAnswers replayAnswers() {
        return replayAnswers;
    }

    BlockedTpps blockedTpps() {
        return blockedTpps;
    }

    int maxBodySize() {
        return config.maxBodySize();
    }

    /**
     * Steps 1 to 5 over the request as received, the caller's identity set in {@link CurrentTpp}, then the blocked
     * TPPs: what every signed request goes through first, from {@link SignatureFilter} or {@link SignatureCheck}.
     */
    VerifiedRequest verifyAndIdentify(String method, URI requestUri, RequestHeaders headers, byte[] body) {
        String target = requestUri.getRawQuery() == null ? requestUri.getRawPath()
                : requestUri.getRawPath() + "?" + requestUri.getRawQuery();
        VerifiedRequest verified = verifier.verify(method, target, headers, body);
        currentTpp.set(verified.identity());
        blockedTpps.requireNotBlocked(verified.identity().tppId(), RegistrationPaths.contains(requestUri.getRawPath())
                ? ErrorClass.SERVICE_BLOCKED_REGISTRATION : ErrorClass.SERVICE_BLOCKED);
        return verified;
    }
}
