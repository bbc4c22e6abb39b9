package eu.xs2a.consent.domain;

import eu.xs2a.platform.sca.BankScaStep;

/** The authorisation after a TPP's embedded step, and what the bank answered to it (methods, challenge, message). */
public record ScaStepResult(Consent consent, ConsentAuthorisation authorisation, BankScaStep bank) {
}
