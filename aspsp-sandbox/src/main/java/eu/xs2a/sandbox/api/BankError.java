package eu.xs2a.sandbox.api;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** The bank's error body: {@code {"code": ..., "message": ...}}. */
@RegisterForReflection
public record BankError(String code, String message) {
}
