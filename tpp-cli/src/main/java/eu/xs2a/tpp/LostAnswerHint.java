package eu.xs2a.tpp;

import java.util.Locale;
import java.util.Set;

/**
 * The one-line hint after a 502, 503 or 504 to a request that creates or changes something (docs/ARCHITECTURE.md
 * "Lost answers and safe retries"): the gateway, or its ingress, could not give the outcome, so the request may have
 * been carried out. A create (POST) sent again with the same X-Request-ID and body gets its one outcome back; with a
 * new one it may be carried out twice. Any other change is not answered again for its id: it is to be read first.
 */
final class LostAnswerHint {

    private static final Set<String> READS = Set.of("GET", "HEAD", "OPTIONS");
    private static final Set<Integer> UNANSWERED = Set.of(502, 503, 504);

    private LostAnswerHint() {
    }

    /** The hint for this answer to this request, or null when there is none to give. */
    static String of(String method, int status, String requestId) {
        if (READS.contains(method.toUpperCase(Locale.ROOT)) || !UNANSWERED.contains(status) || requestId == null) {
            return null;
        }
        if (!"POST".equals(method.toUpperCase(Locale.ROOT))) {
            return "The outcome is unknown (it may have been carried out): read the resource (its status or scaStatus)"
                    + " before sending it again, with a new X-Request-ID (only a create is answered again for its id).";
        }
        return "The outcome is unknown (it may have been carried out): retry with --request-id " + requestId
                + " and the same body; a new X-Request-ID may carry it out twice.";
    }
}
