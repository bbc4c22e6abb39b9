package eu.xs2a.platform.notify;

import java.util.Map;

/**
 * Signs a notification as TPPs sign their requests (Digest, Date, X-Request-ID, Signature), with the gateway's seal,
 * whose certificate goes in {@code ASPSP-Signature-Certificate}. Implemented by xs2a-security's {@code GatewaySeal}
 * over its request signer.
 */
public interface NotificationSigner {

    String CERTIFICATE_HEADER = "ASPSP-Signature-Certificate";

    /** Whether a seal is configured: without one no notification is offered. */
    boolean available();

    /** The headers to send with exactly these body bytes, to this path. */
    Map<String, String> sign(String path, byte[] body);
}
