package eu.xs2a.consent.aspsp;

import eu.xs2a.platform.error.Psd2Exception;
import jakarta.ws.rs.WebApplicationException;

/**
 * A short account of why a {@link BankConsentPort} call failed, for the log and for the row of a deletion that was
 * given up: the error class, and the bank's HTTP status or, when it was not reached, the network error.
 */
public final class BankFailures {

    /** Room in the bank_delete_failure column. */
    public static final int MAX_LENGTH = 200;

    private BankFailures() {
    }

    /** e.g. {@code ServiceInvalid, HTTP 400} or {@code ServiceUnavailable, java.net.ConnectException: ...}. */
    public static String describe(Psd2Exception failure) {
        String what = failure.errorClass().text();
        Throwable root = failure;
        for (Throwable cause = failure.getCause(); cause != null; cause = cause.getCause()) {
            if (cause instanceof WebApplicationException answered && answered.getResponse() != null) {
                return what + ", HTTP " + answered.getResponse().getStatus();
            }
            root = cause;
        }
        String described = root == failure ? what : what + ", " + root;
        return described.length() <= MAX_LENGTH ? described : described.substring(0, MAX_LENGTH);
    }
}
