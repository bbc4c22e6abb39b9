package eu.xs2a.platform.sca;

/**
 * A move the {@link ScaStatus} machine does not have: a programming error, or a race the caller must settle (it
 * never reaches a TPP as such; the error mappers answer it 500).
 */
public class ScaTransitionException extends IllegalStateException {

    private final ScaStatus from;
    private final ScaStatus to;

    public ScaTransitionException(ScaStatus from, ScaStatus to) {
        super("scaStatus cannot go from " + from + " to " + to);
        this.from = from;
        this.to = to;
    }

    public ScaStatus from() {
        return from;
    }

    public ScaStatus to() {
        return to;
    }
}
