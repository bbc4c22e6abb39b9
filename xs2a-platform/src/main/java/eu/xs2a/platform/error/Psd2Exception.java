package eu.xs2a.platform.error;

/**
 * The one exception of the error contract. Anything thrown as this becomes the standard error body with
 * the class's status; the message is shown to the TPP, so it never carries internals.
 */
public class Psd2Exception extends RuntimeException {

    private final ErrorClass errorClass;
    private final Integer retryAfterSeconds;
    private final SignatureDebug signatureDebug;
    private final String tppReturnUri;
    private final boolean bankCaused;
    private final String path;

    public Psd2Exception(ErrorClass errorClass, String message) {
        this(errorClass, message, null, null, null, null, false, null);
    }

    public Psd2Exception(ErrorClass errorClass, String message, Throwable cause) {
        this(errorClass, message, null, null, null, cause, false, null);
    }

    private Psd2Exception(ErrorClass errorClass, String message, Integer retryAfterSeconds,
                          SignatureDebug signatureDebug, String tppReturnUri, Throwable cause, boolean bankCaused,
                          String path) {
        super(message, cause, false, false);
        this.errorClass = errorClass;
        this.retryAfterSeconds = retryAfterSeconds;
        this.signatureDebug = signatureDebug;
        this.tppReturnUri = tppReturnUri;
        this.bankCaused = bankCaused;
        this.path = path;
    }

    /**
     * SignatureInvalid with the signature debugger's detail (sandbox only), which the error body shows as
     * {@code signatureDebug}; null {@code debug} gives the plain refusal.
     */
    public static Psd2Exception signatureInvalid(String message, SignatureDebug debug) {
        return new Psd2Exception(ErrorClass.SIGNATURE_INVALID, message, null, debug, null, null, false, null);
    }

    /** 503 with a {@code Retry-After} header: the bank could not be reached or answered too slowly. */
    public static Psd2Exception serviceUnavailable(String message, int retryAfterSeconds, Throwable cause) {
        return new Psd2Exception(ErrorClass.SERVICE_UNAVAILABLE, message, retryAfterSeconds, null, null, cause, false,
                null);
    }

    /** 429 AccessExceeded with a {@code Retry-After} header: a limit the caller may try again after. */
    public static Psd2Exception accessExceeded(String message, int retryAfterSeconds) {
        return new Psd2Exception(ErrorClass.ACCESS_EXCEEDED, message, retryAfterSeconds, null, null, null, false,
                null);
    }

    /**
     * The same error, refused on a page the PSU's browser opened for a known TPP: the page offers a link back to
     * this URI (the TPP's TPP-Nok-Redirect-URI, else its TPP-Redirect-URI). Null or blank leaves the error as it is.
     * The JSON body never shows it.
     */
    public Psd2Exception withTppReturn(String uri) {
        return uri == null || uri.isBlank() ? this
                : new Psd2Exception(errorClass, getMessage(), retryAfterSeconds, signatureDebug, uri, getCause(),
                bankCaused, path);
    }

    /**
     * The same error, as the bank caused it: the bank client's translation of a failed bank call
     * ({@code BankTranslation}). The dedicated-interface KPIs count such errors as the bank's, not the gateway's.
     */
    public Psd2Exception causedByBank() {
        return new Psd2Exception(errorClass, getMessage(), retryAfterSeconds, signatureDebug, tppReturnUri, getCause(),
                true, path);
    }

    /**
     * The same error, pointing at the field at fault: the Berlin Group tppMessage's {@code path}, the field's path in
     * the TPP's body ({@code instructedAmount.amount}, {@code access.accounts[0].iban}) or a query parameter's name.
     */
    public Psd2Exception at(String field) {
        return new Psd2Exception(errorClass, getMessage(), retryAfterSeconds, signatureDebug, tppReturnUri, getCause(),
                bankCaused, field == null || field.isBlank() ? null : field);
    }

    /** The field at fault ({@link #at}), or null when the error is not one field's. */
    public String path() {
        return path;
    }

    /** Whether the bank caused this error ({@link #causedByBank()}). */
    public boolean bankCaused() {
        return bankCaused;
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

    /** Where a PSU's browser page links back to, or null (no TPP known, or not a browser's page). */
    public String tppReturnUri() {
        return tppReturnUri;
    }
}
