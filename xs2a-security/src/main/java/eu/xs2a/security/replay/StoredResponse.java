package eu.xs2a.security.replay;

import java.util.Arrays;
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

    /** The same answer: status, headers and body bytes (a record alone would compare the arrays by identity). */
    @Override
    public boolean equals(Object other) {
        return other instanceof StoredResponse that && status == that.status && headers.equals(that.headers)
                && Arrays.equals(body, that.body);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * status + headers.hashCode()) + Arrays.hashCode(body);
    }
}
