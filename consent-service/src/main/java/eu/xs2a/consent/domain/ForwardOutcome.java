package eu.xs2a.consent.domain;

/** What happened when a consent was (again) sent to the bank. */
public enum ForwardOutcome {
    /** The bank registered it: the consent is received (or it was deleted meanwhile and the bank is told). */
    REGISTERED,
    /** The bank could not be reached or was too slow: still accepted, the job tries again. */
    BANK_UNREACHABLE,
    /** The bank refused it as such: rejected. */
    REFUSED,
    /** Nothing to do: the consent is not (or no longer) waiting for the bank. */
    NOT_PENDING
}
