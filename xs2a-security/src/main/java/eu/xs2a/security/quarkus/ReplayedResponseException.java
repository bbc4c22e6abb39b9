package eu.xs2a.security.quarkus;

import eu.xs2a.security.replay.StoredResponse;

/**
 * Thrown by the signature filter for a retried create: the mapper answers with the first response again.
 * Public because Quarkus generates the mapper's invoker in the service's own package: a package-private type fails
 * there with an IllegalAccessError once the library comes from its jar (classes directories hide the problem).
 */
public final class ReplayedResponseException extends RuntimeException {

    private final StoredResponse response;

    ReplayedResponseException(StoredResponse response) {
        super("replayed response", null, false, false);
        this.response = response;
    }

    public StoredResponse response() {
        return response;
    }
}
