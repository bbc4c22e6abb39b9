package eu.xs2a.payment.api;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.validation.RedirectUris;
import eu.xs2a.security.core.HeaderText;
import eu.xs2a.security.core.PsuIpAddress;
import java.util.Locale;

/** Checks of the PSU and SCA-preference request headers of the payment endpoints. */
final class HeaderRules {

    static final int PSU_ID_MAX = 50;

    private HeaderRules() {
    }

    /** A boolean header: absent → the default; anything but true/false → BadRequest. */
    static boolean flag(String value, boolean absent, String header) {
        Boolean flag = optionalFlag(value, header);
        return flag == null ? absent : flag;
    }

    /** A true/false header; null when absent. */
    static Boolean optionalFlag(String value, String header) {
        if (value == null || value.isBlank()) {
            return null;
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

    /** The PSU-ID's text (UTF-8 or Latin-1 octets, {@link HeaderText}), at most 50 characters. */
    static String psuId(String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        String text = HeaderText.text(value);
        if (text.codePointCount(0, text.length()) > PSU_ID_MAX) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "PSU-ID is longer than " + PSU_ID_MAX + " characters");
        }
        return text;
    }

    /** A TPP redirect URI, by xs2a-platform's one rule ({@link RedirectUris}). */
    static String redirectUri(String value, boolean required, String header) {
        if (value == null || value.isBlank()) {
            if (required) {
                throw new Psd2Exception(ErrorClass.FORMAT_ERROR, header + " is required");
            }
            return null;
        }
        return RedirectUris.require(header, value);
    }
}
