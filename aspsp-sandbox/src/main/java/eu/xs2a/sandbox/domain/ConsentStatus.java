package eu.xs2a.sandbox.domain;

/** Status of a bank consent; the constant names are the wire values. */
public enum ConsentStatus {
    received, valid, rejected, revokedByPsu, terminatedByTpp, expired
}
