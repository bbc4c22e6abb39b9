package eu.xs2a.payment.domain;

/** A state machine refused a move; a programming error when it escapes (the callers check first). */
public class IllegalTransitionException extends IllegalStateException {
    public IllegalTransitionException(String message) {
        super(message);
    }
}
