package eu.xs2a.security.replay;

import java.util.Map;

/**
 * The first answer to a create, kept so that a retry with the same X-Request-ID and Digest gets it again.
 *
 * @param status  HTTP status
 * @param headers response headers worth repeating (Location, ASPSP-SCA-Approach, Content-Type, ...)
 * @param body    the exact body bytes sent
 */
public record StoredResponse(int status, Map<String, String> headers, byte[] body) {

    public StoredResponse {
        headers = Map.copyOf(headers);
        body = body == null ? new byte[0] : body;
    }
}
