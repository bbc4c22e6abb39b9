package eu.xs2a.security.quarkus;

import eu.xs2a.security.core.BlockedTpps;
import eu.xs2a.security.core.RequestVerifier;
import eu.xs2a.security.replay.ReplayStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * What the filters need at request time. Application-scoped so that the filters (which Quarkus REST creates
 * early) hold a proxy and the runtime configuration ({@link SecurityConfig}) is read only when a request comes.
 */
@ApplicationScoped
public class SignaturePipeline {

    @Inject
    RequestVerifier verifier;

    @Inject
    ReplayStore replayStore;

    @Inject
    CurrentTpp currentTpp;

    @Inject
    ReplayAnswers replayAnswers;

    @Inject
    SecurityConfig config;

    @Inject
    BlockedTpps blockedTpps;

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
}
