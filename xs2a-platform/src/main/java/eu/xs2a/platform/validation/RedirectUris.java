package eu.xs2a.platform.validation;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.ErrorTexts;
import eu.xs2a.platform.error.Psd2Exception;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * The one rule for a URI the PSU's browser is sent to on a TPP's word (TPP-Redirect-URI, TPP-Nok-Redirect-URI, an
 * Open Banking client's redirect_uris), in every service: absolute https with a host, no user info and no fragment
 * (RFC 6749 §3.1.2); http only for localhost, where a TPP developer's own machine listens, and only in the sandbox
 * ({@code psd2.environment=sandbox}, read from the service's configuration; in {@code live}, or when it is not set,
 * https only); at most 500 characters (docs/ARCHITECTURE.md "Request pipeline", "Trust and environments").
 * Consent-service and payment-service had two different rules, client registration none.
 */
public final class RedirectUris {

    public static final int MAX_LENGTH = 500;
    /** The key every service reads its environment from (xs2a-security's {@code SecurityConfig}). */
    static final String ENVIRONMENT_KEY = "psd2.environment";
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
        return fault(value, localhostAllowed());
    }

    /**
     * The rule with the environment given: {@code localhostAllowed} only in the sandbox. {@link #fault(String)} reads
     * it from the configuration; this one is for callers outside a service (tests).
     */
    public static String fault(String value, boolean localhostAllowed) {
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
                || !("https".equals(scheme) || ("http".equals(scheme) && local && localhostAllowed))) {
            return "must be an absolute https URI with a host, without user info or a fragment"
                    + (localhostAllowed ? " (http only for localhost)" : "");
        }
        return null;
    }

    /**
     * Whether this service runs as the sandbox: only there may a redirect URI be http on localhost. Read from the
     * configuration on each call (a map lookup), so that each application a JVM runs (tests switch profiles) is
     * judged by its own; a service without the key does not start, and anything but {@code sandbox} is https only.
     */
    public static boolean localhostAllowed() {
        try {
            return ConfigProvider.getConfig().getOptionalValue(ENVIRONMENT_KEY, String.class)
                    .map(v -> "sandbox".equalsIgnoreCase(v.strip())).orElse(false);
        } catch (RuntimeException noConfiguration) {
            return false;
        }
    }

    /** The value as an error message quotes it: cut, so that a long one cannot fill the message. */
    public static String shown(String value) {
        return value == null ? "null"
                : "'" + ErrorTexts.shown(value, MAX_SHOWN) + "'";
    }
}
