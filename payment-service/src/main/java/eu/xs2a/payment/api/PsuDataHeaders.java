package eu.xs2a.payment.api;

import jakarta.ws.rs.HeaderParam;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;

/**
 * The headers of a request with PSU data in its body: the start of an authorisation and its embedded steps. PSU-ID is
 * described by each operation (what it stands for differs); Content-Type is the body's.
 */
public record PsuDataHeaders(@Parameter(hidden = true) @HeaderParam("Content-Type") String contentType,
                             @Parameter(hidden = true) @HeaderParam("PSU-ID") String psuId) {
}
