package eu.xs2a.sandbox.domain;

/**
 * Status of a bank consent; the constant names are the wire values. {@code terminatedByBank}: the bank ended the
 * consent for reasons of its own (not the PSU, not the TPP, not its validUntil). {@code partiallyAuthorised}: some, not
 * all, of the signatures its accounts need were given (multilevel SCA).
 */
public enum ConsentStatus {
    received, partiallyAuthorised, valid, rejected, revokedByPsu, terminatedByTpp, expired, terminatedByBank
}
