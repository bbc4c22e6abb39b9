package eu.xs2a.platform.bank;

import eu.xs2a.platform.error.Psd2Exception;

/**
 * A port's own reading of a bank's error answer, where the bank's code says more than the shared table
 * ({@link BankTranslation}) does, e.g. payment-service's 409 CANCELLATION_INVALID → CancellationInvalid.
 */
@FunctionalInterface
public interface BankRefusals {

    /** Nothing specific: the shared table alone. */
    BankRefusals NONE = answered -> null;

    /** The port's translation of this answer (kind {@code ANSWERED}), or null to leave it to the shared table. */
    Psd2Exception translate(BankFailure answered);
}
