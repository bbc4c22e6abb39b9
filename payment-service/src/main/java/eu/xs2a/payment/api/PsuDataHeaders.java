package eu.xs2a.payment.api;

import jakarta.ws.rs.HeaderParam;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;

/** The headers of a request with PSU data in its body: the start of an authorisation and its embedded steps. */
public record PsuDataHeaders(@Parameter(hidden = true) @HeaderParam("Content-Type") String contentType,
                             @Parameter(description = "the PSU's login at the bank, with psuData.password or for a"
                                     + " further signatory's authorisation (else the initiation's); signed when sent",
                                     example = "psu1")
                             @HeaderParam("PSU-ID") String psuId) {
}
