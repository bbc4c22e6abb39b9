package eu.xs2a.consent.domain;

/** AIS: account-information consent (v1). PIIS: confirmation-of-funds consent (v2). */
public enum ConsentType {
    AIS,
    PIIS
}
