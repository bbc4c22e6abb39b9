package eu.xs2a.consent.domain;

/**
 * The TPP's SCA wishes of a create request (beyond the redirect URIs of {@link ScaRedirect}), already validated.
 *
 * @param redirectPreferred TPP-Redirect-Preferred: true or absent → redirect where the provider offers it; false →
 *                          the bank's choice for this PSU
 * @param explicitStart     TPP-Explicit-Authorisation-Preferred: true → the TPP starts the authorisation itself
 *                          (POST …/authorisations) for an embedded or decoupled SCA
 */
public record ScaPreferences(boolean redirectPreferred, boolean explicitStart) {

    public static final ScaPreferences REDIRECT = new ScaPreferences(true, false);
}
