package eu.xs2a.platform.bank;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * What the TPP forwards of the PSU's own request (the Berlin Group's PSU-IP-Address, PSU-IP-Port, PSU-Accept…,
 * PSU-User-Agent, PSU-Http-Method, PSU-Device-ID and PSU-Geo-Location headers, checked by xs2a-security's
 * {@code PsuContextCheck}), so that the bank's fraud monitoring (RTS Art. 2) sees the PSU's device and place with
 * each consent, payment and SCA step. Every field is optional; the JSON form (to the bank, and in the gateway's own
 * rows) leaves absent ones out.
 */
@RegisterForReflection
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PsuContext(String ipAddress, String ipPort, String userAgent, String accept, String acceptCharset,
                         String acceptEncoding, String acceptLanguage, String httpMethod, String deviceId,
                         String geoLocation) {

    public static final PsuContext NONE = new PsuContext(null, null, null, null, null, null, null, null, null, null);

    /** True when the TPP forwarded nothing of the PSU's request. */
    @JsonIgnore
    public boolean isEmpty() {
        return equals(NONE);
    }

    /** This context, or null when it is empty: what a bank request carries (an empty one is left out). */
    public PsuContext orNull() {
        return isEmpty() ? null : this;
    }
}
