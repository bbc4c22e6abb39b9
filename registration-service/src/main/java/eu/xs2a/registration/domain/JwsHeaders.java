package eu.xs2a.registration.domain;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import org.jose4j.jws.JsonWebSignature;

/**
 * Reads a JWS header that must be a string ({@code alg}, {@code kid}). jose4j's own getters cast whatever the
 * header holds, so a number there would be a ClassCastException, a 500, before any signature is checked.
 */
final class JwsHeaders {

    private JwsHeaders() {
    }

    /** The header's value, null when absent; any other JSON type is RequestFormatInvalid. */
    static String string(JsonWebSignature jws, String name, String whose) {
        Object value = jws.getHeaders().getObjectHeaderValue(name);
        if (value == null || value instanceof String) {
            return (String) value;
        }
        throw new Psd2Exception(ErrorClass.REQUEST_FORMAT_INVALID, whose + " JWS header '" + name + "' must be a string");
    }
}
