package eu.xs2a.consent.domain;

/** A transition that the state machine does not allow (a programming error or a race the caller must handle). */
public class ConsentTransitionException extends IllegalStateException {

    public ConsentTransitionException(String message) {
        super(message);
    }
}
