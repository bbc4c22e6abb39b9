package eu.xs2a.consent.api;

/** consentStatusResponse-200. */
public record ConsentStatusResponse(String consentStatus) {
}
