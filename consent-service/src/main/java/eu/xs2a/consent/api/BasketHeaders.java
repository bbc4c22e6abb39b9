package eu.xs2a.consent.api;

import eu.xs2a.consent.domain.ScaRedirect;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.ErrorTexts;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.security.core.PsuIpAddress;
import jakarta.ws.rs.core.HttpHeaders;
import java.util.Locale;

/**
 * The headers of a signing basket's creation (Berlin Group 1.3.6 createSigningBasket): PSU-IP-Address is mandatory
 * there; TPP-Redirect-Preferred optional (true or false, else BadRequest; absent counts as true), and
 * TPP-Redirect-URI is required once the basket's approach is redirect (the service's check); the URIs and PSU-ID
 * follow the consent's rules ({@link ScaHeaders}).
 */
final class BasketHeaders {

    private BasketHeaders() {
    }

    static ScaRedirect read(HttpHeaders headers) {
        String preferred = headers.getHeaderString(ScaHeaders.REDIRECT_PREFERRED);
        if (preferred != null && !preferred.trim().toLowerCase(Locale.ROOT).matches("true|false")) {
            throw new Psd2Exception(ErrorClass.BAD_REQUEST,
                    ScaHeaders.REDIRECT_PREFERRED + " '" + ErrorTexts.shown(preferred) + "' must be true or false");
        }
        if (PsuIpAddress.parse(headers.getHeaderString(PsuIpAddress.HEADER)) == null) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, PsuIpAddress.HEADER + " is required");
        }
        return ScaHeaders.redirectOf(headers);
    }

    /** TPP-Redirect-Preferred as {@link #read} checked it: absent or true → redirect where offered. */
    static boolean redirectPreferred(HttpHeaders headers) {
        return !"false".equalsIgnoreCase(String.valueOf(headers.getHeaderString(ScaHeaders.REDIRECT_PREFERRED)).trim());
    }
}
