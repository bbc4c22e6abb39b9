package eu.xs2a.registration.domain;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The parameters of a token or revocation request: {@code application/x-www-form-urlencoded}, UTF-8 (RFC 6749
 * appendix B). A parameter sent twice is {@code invalid_request} (section 3.2), one sent empty counts as absent.
 */
public final class OAuthForm {

    public static final String MEDIA_TYPE = "application/x-www-form-urlencoded";

    private final Map<String, String> values;

    private OAuthForm(Map<String, String> values) {
        this.values = values;
    }

    public static OAuthForm parse(String contentType, byte[] body) {
        if (contentType == null || !contentType.toLowerCase(Locale.ROOT).startsWith(MEDIA_TYPE)) {
            throw new OAuthException(OAuthError.INVALID_REQUEST, "The body must be " + MEDIA_TYPE);
        }
        Map<String, String> values = new HashMap<>();
        String text = new String(body == null ? new byte[0] : body, StandardCharsets.UTF_8);
        for (String pair : text.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int equals = pair.indexOf('=');
            String name;
            String value;
            try {
                name = URLDecoder.decode(equals < 0 ? pair : pair.substring(0, equals), StandardCharsets.UTF_8);
                value = equals < 0 ? "" : URLDecoder.decode(pair.substring(equals + 1), StandardCharsets.UTF_8);
            } catch (IllegalArgumentException e) {
                throw new OAuthException(OAuthError.INVALID_REQUEST, "The body is not well-formed form encoding");
            }
            if (values.containsKey(name)) {
                throw new OAuthException(OAuthError.INVALID_REQUEST, "Parameter '" + name + "' is sent twice");
            }
            values.put(name, value);
        }
        values.values().removeIf(String::isEmpty);
        return new OAuthForm(values);
    }

    public Optional<String> get(String name) {
        return Optional.ofNullable(values.get(name));
    }

    public boolean has(String name) {
        return values.containsKey(name);
    }

    public String require(String name) {
        return get(name).orElseThrow(() -> new OAuthException(OAuthError.INVALID_REQUEST, name + " is required"));
    }
}
