package eu.xs2a.registration.api;

import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.net.SocketAddress;

/**
 * The address a request came from, for per-client limits. Behind the ingress every connection comes from the ingress,
 * which appends the address it saw to {@code X-Forwarded-For} (nginx's {@code $proxy_add_x_forwarded_for}): the last
 * entry is that address, the earlier ones are whatever the client sent and prove nothing. Without the header (a direct
 * connection) it is the connection's peer.
 */
final class ClientAddresses {

    static final String FORWARDED_FOR = "X-Forwarded-For";
    /** Longer than any IPv6 address in text (45 characters); a longer value is cut, so a key stays small. */
    private static final int MAX_LENGTH = 64;

    private ClientAddresses() {
    }

    static String of(HttpServerRequest request) {
        String forwarded = request.getHeader(FORWARDED_FOR);
        if (forwarded != null) {
            String last = forwarded.substring(forwarded.lastIndexOf(',') + 1).strip();
            if (!last.isEmpty()) {
                return last.length() > MAX_LENGTH ? last.substring(0, MAX_LENGTH) : last;
            }
        }
        SocketAddress peer = request.remoteAddress();
        return peer == null ? "unknown" : peer.hostAddress();
    }
}
