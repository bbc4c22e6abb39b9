package eu.xs2a.payment.api;

import eu.xs2a.security.core.PsuIpAddress;
import eu.xs2a.security.error.ErrorClass;
import eu.xs2a.security.error.Psd2Exception;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

/** Checks of the PSU and SCA-preference request headers of the payment endpoints. */
final class HeaderRules {

    static final int PSU_ID_MAX = 50;
    static final int REDIRECT_URI_MAX = 500;

    private HeaderRules() {
    }

    /** A boolean header: absent → the default; anything but true/false → BadRequest. */
    static boolean flag(String value, boolean absent, String header) {
        if (value == null || value.isBlank()) {
            return absent;
        }
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new Psd2Exception(ErrorClass.BAD_REQUEST, header + " must be true or false");
        };
    }

    static String psuIpAddress(String value) {
        String ip = PsuIpAddress.parse(value);
        if (ip == null) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, PsuIpAddress.HEADER + " is required");
        }
        return ip;
    }

    static String psuId(String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        if (value.length() > PSU_ID_MAX) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "PSU-ID is longer than " + PSU_ID_MAX + " characters");
        }
        return value;
    }

    /**
     * A TPP redirect URI: absolute https (http only for localhost, for TPP developers), with a host, without a
     * fragment, at most 500 characters.
     */
    static String redirectUri(String value, boolean required, String header) {
        if (value == null || value.isBlank()) {
            if (required) {
                throw new Psd2Exception(ErrorClass.FORMAT_ERROR, header + " is required");
            }
            return null;
        }
        if (value.length() > REDIRECT_URI_MAX) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, header + " is longer than " + REDIRECT_URI_MAX + " characters");
        }
        URI uri;
        try {
            uri = new URI(value);
        } catch (URISyntaxException e) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, header + " is not a valid URI");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        String host = uri.getHost();
        boolean local = "localhost".equalsIgnoreCase(host) || "127.0.0.1".equals(host);
        if (host == null || uri.getFragment() != null || uri.getUserInfo() != null
                || !("https".equals(scheme) || ("http".equals(scheme) && local))) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, header
                    + " must be an absolute https URI with a host and without a fragment");
        }
        return value;
    }
}
