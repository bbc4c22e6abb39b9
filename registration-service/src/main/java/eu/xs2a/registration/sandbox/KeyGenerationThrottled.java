package eu.xs2a.registration.sandbox;

import eu.xs2a.security.error.ErrorClass;
import eu.xs2a.security.error.Psd2Exception;

/**
 * AccessExceeded (429, Berlin Group ACCESS_EXCEEDED) with a {@code Retry-After}: the key generation throttle is
 * spent. shared-security's {@link Psd2Exception} sets a Retry-After only through its 503 factory (its constructor with
 * one is private); overriding the getter gives the standard mapper ({@code ErrorResponses}) the header, with the
 * standard body and the standard refusal log line.
 */
public final class KeyGenerationThrottled extends Psd2Exception {

    private final int retryAfterSeconds;

    KeyGenerationThrottled(String message, int retryAfterSeconds) {
        super(ErrorClass.ACCESS_EXCEEDED, message);
        this.retryAfterSeconds = retryAfterSeconds;
    }

    @Override
    public Integer retryAfterSeconds() {
        return retryAfterSeconds;
    }
}
