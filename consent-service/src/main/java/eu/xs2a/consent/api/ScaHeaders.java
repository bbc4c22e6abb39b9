package eu.xs2a.consent.api;

import eu.xs2a.consent.domain.ScaPreferences;
import eu.xs2a.consent.domain.ScaRedirect;
import eu.xs2a.platform.bank.PsuContext;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.ErrorTexts;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.validation.RedirectUris;
import eu.xs2a.security.core.HeaderText;
import eu.xs2a.security.core.PsuIpAddress;
import eu.xs2a.security.quarkus.PsuContextHeaders;
import jakarta.ws.rs.core.HttpHeaders;
import java.util.Locale;

/**
 * The rules of the SCA headers of a consent creation (read as {@link ConsentCreationHeaders}) and of PSU-ID and the
 * redirect URIs wherever consent-service takes them. TPP-Redirect-Preferred is required (missing or not
 * true/false → BadRequest); TPP-Redirect-URI is required when redirect is preferred and, like
 * TPP-Nok-Redirect-URI, must follow xs2a-platform's {@link RedirectUris} rule (else FormatError). PSU-IP-Address
 * is optional at consent creation and read with the rest of the PSU's context ({@link ConsentCreationHeaders}).
 * With {@code false} the approach is the bank's choice for the PSU (docs/ARCHITECTURE.md "SCA approaches").
 */
final class ScaHeaders {

    static final String REDIRECT_PREFERRED = "TPP-Redirect-Preferred";
    static final String REDIRECT_URI = "TPP-Redirect-URI";
    static final String NOK_REDIRECT_URI = "TPP-Nok-Redirect-URI";
    static final String PSU_ID = "PSU-ID";
    static final String EXPLICIT_PREFERRED = "TPP-Explicit-Authorisation-Preferred";
    private static final int MAX_PSU_ID = 50;

    private ScaHeaders() {
    }

    /** A consent creation's redirect headers ({@link ConsentCreationHeaders}), by the rules above. */
    static ScaRedirect read(String preferred, String redirectUri, String nokRedirectUri, String psuId) {
        if (preferred == null) {
            throw new Psd2Exception(ErrorClass.BAD_REQUEST, REDIRECT_PREFERRED + " is required (true or false)");
        }
        String normalised = preferred.trim().toLowerCase(Locale.ROOT);
        if (!normalised.equals("true") && !normalised.equals("false")) {
            throw new Psd2Exception(ErrorClass.BAD_REQUEST,
                    REDIRECT_PREFERRED + " '" + ErrorTexts.shown(preferred) + "' must be true or false");
        }
        if (normalised.equals("true") && (redirectUri == null || redirectUri.isBlank())) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR,
                    REDIRECT_URI + " is required when " + REDIRECT_PREFERRED + " is true");
        }
        return redirectOf(redirectUri, nokRedirectUri, psuId);
    }

    /** TPP-Redirect-URI, TPP-Nok-Redirect-URI and PSU-ID, each checked when sent. */
    static ScaRedirect redirectOf(HttpHeaders headers) {
        return redirectOf(headers.getHeaderString(REDIRECT_URI), headers.getHeaderString(NOK_REDIRECT_URI),
                headers.getHeaderString(PSU_ID));
    }

    private static ScaRedirect redirectOf(String redirectUri, String nokRedirectUri, String psuIdHeader) {
        String psuId = psuId(psuIdHeader); // checked first, as it always was
        return new ScaRedirect(checkedUri(REDIRECT_URI, redirectUri), checkedUri(NOK_REDIRECT_URI, nokRedirectUri),
                psuId);
    }

    /**
     * TPP-Redirect-Preferred (checked by {@link #read} first) and TPP-Explicit-Authorisation-Preferred (optional,
     * true or false, else BadRequest).
     */
    static ScaPreferences preferences(String redirectPreferred, String explicit) {
        boolean redirect = !"false".equalsIgnoreCase(redirectPreferred.trim());
        if (explicit != null && !explicit.trim().equalsIgnoreCase("true") && !explicit.trim().equalsIgnoreCase("false")) {
            throw new Psd2Exception(ErrorClass.BAD_REQUEST,
                    EXPLICIT_PREFERRED + " '" + ErrorTexts.shown(explicit) + "' must be true or false");
        }
        return new ScaPreferences(redirect, explicit != null && explicit.trim().equalsIgnoreCase("true"));
    }

    /**
     * PSU-IP-Address and the rest of the PSU's context of a request that passes them on to the bank (a creation, an
     * authorisation's start or step), each checked when sent.
     */
    static PsuContext psuContext(HttpHeaders headers, PsuContextHeaders psuHeaders) {
        return psuHeaders.withIpAddressHeader(headers.getHeaderString(PsuIpAddress.HEADER));
    }

    /** PSU-ID of an authorisation step, when sent: 1 to 50 characters, else FormatError. */
    static String psuId(HttpHeaders headers) {
        return psuId(headers.getHeaderString(PSU_ID));
    }

    private static String psuId(String header) {
        String psuId = HeaderText.text(header);
        if (psuId != null && (psuId.isBlank() || psuId.codePointCount(0, psuId.length()) > MAX_PSU_ID)) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, PSU_ID + " must be 1 to " + MAX_PSU_ID + " characters");
        }
        return psuId;
    }

    private static String checkedUri(String header, String value) {
        return value == null ? null : RedirectUris.require(header, value);
    }
}
