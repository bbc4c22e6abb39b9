package eu.xs2a.sandbox.domain;

/**
 * Status of a bank consent; the constant names are the wire values. {@code terminatedByBank}: the bank ended the
 * consent for reasons of its own (not the PSU, not the TPP, not its validUntil).
 */
public enum ConsentStatus {
    received, valid, rejected, revokedByPsu, terminatedByTpp, expired, terminatedByBank
}
