package eu.xs2a.consent.domain;

/** One status change of a consent, as its log line names it (written only once the change is committed). */
record ConsentStatusChange(String consentId, String providerCode, String tppId, ConsentStatus from,
                           ConsentStatus to, String cause) {
}
