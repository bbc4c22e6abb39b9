package eu.xs2a.sandbox.api;

import eu.xs2a.sandbox.api.ScaDtos.Authentication;
import eu.xs2a.sandbox.api.ScaDtos.MethodSelection;
import eu.xs2a.sandbox.api.ScaDtos.Otp;
import eu.xs2a.sandbox.api.ScaDtos.Step;
import eu.xs2a.sandbox.domain.ApiScaService;
import eu.xs2a.sandbox.domain.BankException;
import eu.xs2a.sandbox.events.BankEventDelivery;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * The PSU's SCA of a consent through the gateway (embedded): password, method, OTP. Each answers the step's outcome
 * (BANK-API.md "SCA through the API"); a step that ended the SCA sends its status event at once, as the pages do.
 */
@Path("/bank/v1/consents/{bankConsentId}/sca")
@BankApi
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class BankConsentScaResource {

    @Inject
    ApiScaService sca;

    @Inject
    BankEventDelivery events;

    @POST
    public Step restart(@PathParam("bankConsentId") String id, ScaDtos.Restart body) {
        boolean decoupled = body != null && "DECOUPLED".equals(body.scaApproach());
        return answered(id, sca.restart(id, decoupled, body == null ? null : body.psuId()));
    }

    @POST
    @Path("/authentication")
    public Step authenticate(@PathParam("bankConsentId") String id, Authentication body) {
        if (body == null || body.psuId() == null || body.password() == null) {
            throw BankException.badRequest("psuId and password are required");
        }
        return answered(id, sca.authenticate(id, body.psuId(), body.password()));
    }

    @POST
    @Path("/method")
    public Step select(@PathParam("bankConsentId") String id, MethodSelection body) {
        if (body == null || body.authenticationMethodId() == null) {
            throw BankException.badRequest("authenticationMethodId is required");
        }
        return answered(id, sca.select(id, body.authenticationMethodId()));
    }

    @POST
    @Path("/otp")
    public Step authorise(@PathParam("bankConsentId") String id, Otp body) {
        if (body == null || body.otp() == null) {
            throw BankException.badRequest("otp is required");
        }
        return answered(id, sca.authorise(id, body.otp()));
    }

    private Step answered(String bankConsentId, ApiScaService.Outcome outcome) {
        if (outcome.ended()) {
            events.deliverNow(bankConsentId); // committed: the step's transaction ended with the call
        }
        return Step.of(outcome);
    }
}
