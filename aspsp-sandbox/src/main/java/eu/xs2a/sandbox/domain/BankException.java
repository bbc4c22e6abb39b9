package eu.xs2a.sandbox.domain;

/**
 * A refusal by the bank, answered to the gateway as {@code {"code": ..., "message": ...}} with the given status
 * (400 bad input, 401, 404 unknown id, 409 wrong state, 422 business refusal).
 */
public class BankException extends RuntimeException {

    private final int status;
    private final String code;

    public BankException(int status, String code, String message) {
        super(message);
        this.status = status;
        this.code = code;
    }

    public static BankException badRequest(String message) {
        return new BankException(400, "FORMAT_ERROR", message);
    }

    public static BankException notFound(String code, String message) {
        return new BankException(404, code, message);
    }

    public static BankException conflict(String code, String message) {
        return new BankException(409, code, message);
    }

    public static BankException refused(String code, String message) {
        return new BankException(422, code, message);
    }

    public int status() {
        return status;
    }

    public String code() {
        return code;
    }
}
