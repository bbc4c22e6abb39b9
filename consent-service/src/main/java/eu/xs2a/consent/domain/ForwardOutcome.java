package eu.xs2a.consent.domain;

/** What happened when the creating request sent a new consent to the bank. */
public enum ForwardOutcome {
    /** The bank registered it: the consent is received. */
    REGISTERED,
    /** The bank could not be reached or was too slow: still accepted, {@link ConsentForwardTask} tries again. */
    BANK_UNREACHABLE,
    /** The bank refused it as such: rejected. */
    REFUSED
}
