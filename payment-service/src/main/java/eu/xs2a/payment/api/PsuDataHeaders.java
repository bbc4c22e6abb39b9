package eu.xs2a.payment.api;

import eu.xs2a.platform.bank.PsuContext;
import eu.xs2a.security.core.PsuIpAddress;
import eu.xs2a.security.quarkus.PsuContextHeaders;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.HeaderParam;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;

/**
 * The headers of a request with PSU data in its body: the start of an authorisation and its embedded steps, with the
 * PSU's context that goes to the bank with each of them.
 */
public record PsuDataHeaders(@Parameter(hidden = true) @HeaderParam("Content-Type") String contentType,
                             @Parameter(description = "the PSU's login at the bank, with psuData.password or for a"
                                     + " further signatory's authorisation (else the initiation's); signed when sent",
                                     example = "psu1")
                             @HeaderParam("PSU-ID") String psuId,
                             @Parameter(description = PsuContextHeaders.IP_ADDRESS_PASSED_ON)
                             @HeaderParam(PsuIpAddress.HEADER) String psuIpAddress,
                             @BeanParam PsuContextHeaders psuHeaders) {

    /** PSU-IP-Address and the rest of the PSU's context, each checked when sent. */
    PsuContext psuContext() {
        return psuHeaders.withIpAddressHeader(psuIpAddress);
    }
}
