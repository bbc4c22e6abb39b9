package eu.xs2a.sandbox.api;

/** The bank's error body: {@code {"code": ..., "message": ...}}. */
public record BankError(String code, String message) {
}
