package eu.xs2a.sandbox.api;

import eu.xs2a.sandbox.api.ScaDtos.Authentication;
import eu.xs2a.sandbox.api.ScaDtos.MethodSelection;
import eu.xs2a.sandbox.api.ScaDtos.Otp;
import eu.xs2a.sandbox.api.ScaDtos.Step;
import eu.xs2a.sandbox.domain.ApiScaService;
import eu.xs2a.sandbox.domain.BankException;
import eu.xs2a.sandbox.domain.ScaLink;
import eu.xs2a.sandbox.events.BankEventDelivery;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * The PSU's SCA through the gateway (embedded), of a consent ({@code /bank/v1/consents/{id}/sca}), a payment
 * ({@code /bank/v1/payments/{id}/sca}), a payment's cancellation ({@code /bank/v1/payments/{id}/cancellation-sca})
 * or a signing basket ({@code /bank/v1/signing-baskets/{id}/sca}):
 * a new SCA, password, method, OTP. Each answers the step's outcome (BANK-API.md "SCA through the API"); a step that
 * ended the SCA sends its status event at once, as the pages do. One subclass per resource path: a path with more
 * literal characters than {@code /bank/v1/consents} (or {@code …/payments}) is matched before that resource's.
 */
public abstract class BankScaResource {

    /** {@code /bank/v1/consents/{id}/sca}. */
    @Path("/bank/v1/consents/{id}/sca")
    @BankApi
    @Produces(MediaType.APPLICATION_JSON)
    @Consumes(MediaType.APPLICATION_JSON)
    public static class OfConsents extends BankScaResource {

        @Override
        protected ScaLink.Kind kind(String segment) {
            return ScaLink.Kind.CONSENT;
        }
    }

    /** {@code /bank/v1/payments/{id}/sca} and {@code /bank/v1/payments/{id}/cancellation-sca}. */
    @Path("/bank/v1/payments/{id}/{sca: sca|cancellation-sca}")
    @BankApi
    @Produces(MediaType.APPLICATION_JSON)
    @Consumes(MediaType.APPLICATION_JSON)
    public static class OfPayments extends BankScaResource {

        @Override
        protected ScaLink.Kind kind(String segment) {
            return segment.equals("sca") ? ScaLink.Kind.PAYMENT : ScaLink.Kind.CANCELLATION;
        }
    }

    /** {@code /bank/v1/signing-baskets/{id}/sca}: the basket's one SCA, which authorises every member. */
    @Path("/bank/v1/signing-baskets/{id}/sca")
    @BankApi
    @Produces(MediaType.APPLICATION_JSON)
    @Consumes(MediaType.APPLICATION_JSON)
    public static class OfBaskets extends BankScaResource {

        @Override
        protected ScaLink.Kind kind(String segment) {
            return ScaLink.Kind.BASKET;
        }
    }

    @Inject ApiScaService sca;
    @Inject BankEventDelivery events;

    @POST
    public Step restart(@PathParam("id") String id,
                        @PathParam("sca") String of, ScaDtos.Restart body) {
        boolean decoupled = body != null && "DECOUPLED".equals(body.scaApproach());
        return answered(sca.restart(kind(of), id, decoupled, body == null ? null : body.psuId(),
                body == null ? null : body.psuContext()));
    }

    @POST
    @Path("/authentication")
    public Step authenticate(@PathParam("id") String id,
                             @PathParam("sca") String of, Authentication body) {
        if (body == null || body.psuId() == null || body.password() == null) {
            throw BankException.badRequest("psuId and password are required");
        }
        return answered(sca.authenticate(kind(of), id, body.psuId(), body.password(), body.psuContext()));
    }

    @POST
    @Path("/method")
    public Step select(@PathParam("id") String id,
                       @PathParam("sca") String of, MethodSelection body) {
        if (body == null || body.authenticationMethodId() == null) {
            throw BankException.badRequest("authenticationMethodId is required");
        }
        return answered(sca.select(kind(of), id, body.authenticationMethodId(), body.psuContext()));
    }

    @POST
    @Path("/otp")
    public Step authorise(@PathParam("id") String id,
                          @PathParam("sca") String of, Otp body) {
        if (body == null || body.otp() == null) {
            throw BankException.badRequest("otp is required");
        }
        return answered(sca.authorise(kind(of), id, body.otp(), body.psuContext()));
    }

    /** What the path names ({@code segment}: its last, where it varies). */
    protected abstract ScaLink.Kind kind(String segment);

    private Step answered(ApiScaService.Outcome outcome) {
        // committed: the step's transaction ended with the call; a basket's events are its members'
        outcome.changed().forEach(events::deliverNow);
        return Step.of(outcome);
    }
}
