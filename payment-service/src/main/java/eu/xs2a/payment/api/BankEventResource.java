package eu.xs2a.payment.api;

import eu.xs2a.payment.domain.BankStatusEvent;
import eu.xs2a.payment.domain.BankStatusEvents;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.http.JsonBodies;
import jakarta.inject.Inject;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Set;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * The bank's payment status events, inside the cluster only (the ingress never routes /internal). Not eIDAS-signed:
 * the bank proves itself with its provider's bank credential as a bearer token ({@link BankStatusEvents}). Thin:
 * the credential and the body are read here, the event applied in the domain.
 */
@Tag(name = "Internal", description = "Called by the bank, never routed by the ingress")
@Path("/internal/v1/bank-events")
@Produces(MediaType.APPLICATION_JSON)
public class BankEventResource {

    @Inject BankStatusEvents events;
    @Inject JsonBodies bodies;

    @POST
    @Operation(summary = "A payment's status changed at the bank",
            description = "Applied through the payment's state machine; a repeat, or a status the payment has "
                    + "already passed, is ignored.")
    @APIResponse(responseCode = "204", description = "Applied, or already known or passed (ignored)")
    @APIResponse(responseCode = "400", description = "FormatError: a malformed event")
    @APIResponse(responseCode = "401", description = "AccessDenied: no bearer credential, or none of a provider")
    @APIResponse(responseCode = "404", description = "ResourceUnknown: no payment of those providers has that "
            + "bankPaymentId")
    public Response receive(@Parameter(description = "Bearer and the provider's bank credential")
                            @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
                            @Parameter(hidden = true) @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
                            @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
                                    schema = @Schema(implementation = BankEventRequest.class)))
                            byte[] body) {
        Set<String> providers = events.providersOf(authorization);
        BankEventRequest request = bodies.read(contentType, body, BankEventRequest.class);
        events.apply(providers, new BankStatusEvent(UUID.fromString(request.eventId()), request.bankPaymentId(),
                request.status(), request.statusReason(), occurredAt(request.occurredAt())));
        return Response.noContent().build();
    }

    private static Instant occurredAt(String value) {
        try {
            return Instant.parse(value);
        } catch (DateTimeParseException e) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "occurredAt must be an ISO-8601 date and time in UTC,"
                    + " e.g. 2026-11-29T10:15:30Z");
        }
    }
}
