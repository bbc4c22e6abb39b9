package eu.xs2a.consent.domain;

/**
 * The redirect SCA preferences of a create request, already validated.
 *
 * @param redirectUri    TPP-Redirect-URI (the browser returns there after a successful SCA), or null
 * @param nokRedirectUri TPP-Nok-Redirect-URI (after a failed SCA; falls back to redirectUri), or null
 * @param psuId          PSU-ID, passed to the bank as a login hint, or null
 */
public record ScaRedirect(String redirectUri, String nokRedirectUri, String psuId) {

    /** Where the PSU's browser goes after SCA with the given outcome; null when the TPP gave no URI. */
    public String target(boolean success) {
        return success || nokRedirectUri == null ? redirectUri : nokRedirectUri;
    }
}
