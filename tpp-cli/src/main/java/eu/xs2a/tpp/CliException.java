package eu.xs2a.tpp;

/**
 * A failure the user can act on (no certificate yet, gateway not reachable, bad file): printed as one line without a
 * stack trace, with its own exit code.
 */
public class CliException extends RuntimeException {

    /** Exit code of failures other than usage errors (2, picocli's) and HTTP errors (1). */
    public static final int EXIT_FAILURE = 3;

    private final int exitCode;

    public CliException(String message) {
        this(message, EXIT_FAILURE, null);
    }

    public CliException(String message, Throwable cause) {
        this(message, EXIT_FAILURE, cause);
    }

    public CliException(String message, int exitCode, Throwable cause) {
        super(message, cause);
        this.exitCode = exitCode;
    }

    public int exitCode() {
        return exitCode;
    }
}
