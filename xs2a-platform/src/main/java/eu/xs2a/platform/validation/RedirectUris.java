package eu.xs2a.platform.validation;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.ErrorTexts;
import eu.xs2a.platform.error.Psd2Exception;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

/**
 * The one rule for a URI the PSU's browser is sent to on a TPP's word (TPP-Redirect-URI, TPP-Nok-Redirect-URI, an
 * Open Banking client's redirect_uris), in every service: absolute https with a host, no user info and no fragment
 * (RFC 6749 §3.1.2); http only for localhost, where a TPP developer's own machine listens; at most 500 characters
 * (docs/ARCHITECTURE.md "Request pipeline"). Consent-service and payment-service had two different rules, client
 * registration none.
 */
public final class RedirectUris {

    public static final int MAX_LENGTH = 500;
    private static final int MAX_SHOWN = 80;

    private RedirectUris() {
    }

    /** The value when it follows the rule; else FormatError naming the field. */
    public static String require(String field, String value) {
        String fault = fault(value);
        if (fault != null) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, field + " " + shown(value) + " " + fault);
        }
        return value;
    }

    /** Why the value is no redirect URI, or null when it is one (for callers that refuse with another class). */
    public static String fault(String value) {
        if (value == null) {
            return "is missing";
        }
        if (value.length() > MAX_LENGTH) {
            return "is longer than " + MAX_LENGTH + " characters";
        }
        URI uri;
        try {
            uri = new URI(value);
        } catch (URISyntaxException e) {
            return "is not a valid URI";
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        String host = uri.getHost();
        boolean local = "localhost".equalsIgnoreCase(host) || "127.0.0.1".equals(host) || "[::1]".equals(host);
        if (host == null || uri.getFragment() != null || uri.getRawUserInfo() != null
                || !("https".equals(scheme) || ("http".equals(scheme) && local))) {
            return "must be an absolute https URI with a host, without user info or a fragment (http only for localhost)";
        }
        return null;
    }

    /** The value as an error message quotes it: cut, so that a long one cannot fill the message. */
    public static String shown(String value) {
        return value == null ? "null"
                : "'" + ErrorTexts.shown(value, MAX_SHOWN) + "'";
    }
}
