package eu.xs2a.platform.error;

import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.List;

/**
 * The signature debugger (sandbox only; not part of the Berlin Group standard): what the gateway verified when a
 * signature or a Digest did not match, so that a TPP developer can diff it with what their client signed. Sent as
 * {@code signatureDebug} in the error body of a {@code SignatureInvalid}, never in the {@code live} environment.
 * It holds only what the caller sent and hashes of it, never a key.
 *
 * @param signingString  the exact string the signature was verified over: {@code name: value} lines joined by
 *                       {@code \n}, in the order of the Signature's {@code headers} parameter
 * @param headers        that {@code headers} parameter, lowercase, in its order
 * @param digestReceived the {@code Digest} header as sent, e.g. {@code SHA-256=…}
 * @param digestComputed the same algorithm over the body bytes the gateway received, e.g. {@code SHA-256=…}
 */
@RegisterForReflection
public record SignatureDebug(String signingString, List<String> headers, String digestReceived,
                             String digestComputed) {

    public SignatureDebug {
        headers = List.copyOf(headers);
    }
}
