package eu.xs2a.security.error;

/**
 * The one exception of the error contract. Anything thrown as this becomes the standard error body with
 * the class's status; the message is shown to the TPP, so it never carries internals.
 */
public class Psd2Exception extends RuntimeException {

    private final ErrorClass errorClass;
    private final Integer retryAfterSeconds;
    private final SignatureDebug signatureDebug;

    public Psd2Exception(ErrorClass errorClass, String message) {
        this(errorClass, message, null, null, null);
    }

    public Psd2Exception(ErrorClass errorClass, String message, Throwable cause) {
        this(errorClass, message, null, null, cause);
    }

    private Psd2Exception(ErrorClass errorClass, String message, Integer retryAfterSeconds,
                          SignatureDebug signatureDebug, Throwable cause) {
        super(message, cause, false, false);
        this.errorClass = errorClass;
        this.retryAfterSeconds = retryAfterSeconds;
        this.signatureDebug = signatureDebug;
    }

    /**
     * SignatureInvalid with the signature debugger's detail (sandbox only), which the error body shows as
     * {@code signatureDebug}; null {@code debug} gives the plain refusal.
     */
    public static Psd2Exception signatureInvalid(String message, SignatureDebug debug) {
        return new Psd2Exception(ErrorClass.SIGNATURE_INVALID, message, null, debug, null);
    }

    /** 503 with a {@code Retry-After} header: the bank could not be reached or answered too slowly. */
    public static Psd2Exception serviceUnavailable(String message, int retryAfterSeconds, Throwable cause) {
        return new Psd2Exception(ErrorClass.SERVICE_UNAVAILABLE, message, retryAfterSeconds, null, cause);
    }

    /** 429 AccessExceeded with a {@code Retry-After} header: a limit the caller may try again after. */
    public static Psd2Exception accessExceeded(String message, int retryAfterSeconds) {
        return new Psd2Exception(ErrorClass.ACCESS_EXCEEDED, message, retryAfterSeconds, null, null);
    }

    public ErrorClass errorClass() {
        return errorClass;
    }

    /** Seconds for the {@code Retry-After} header, or null when none is sent. */
    public Integer retryAfterSeconds() {
        return retryAfterSeconds;
    }

    /** What the gateway verified when a signature or Digest did not match (sandbox only), or null. */
    public SignatureDebug signatureDebug() {
        return signatureDebug;
    }
}
