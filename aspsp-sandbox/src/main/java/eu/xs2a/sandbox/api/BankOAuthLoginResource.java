package eu.xs2a.sandbox.api;

import eu.xs2a.sandbox.domain.BankException;
import eu.xs2a.sandbox.domain.OAuthLogin;
import eu.xs2a.sandbox.domain.OAuthLoginService;
import io.quarkus.runtime.annotations.RegisterForReflection;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * The gateway's OAuth authorize step (BANK-API.md "OAuth logins"): a login for the PSU's browser, and its outcome.
 */
@Path("/bank/v1/oauth-logins")
@BankApi
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class BankOAuthLoginResource {

    @RegisterForReflection
    public record LoginRequest(String tppId, String tppName, String scope, String returnUrl) {
    }

    @RegisterForReflection
    public record Login(String loginId, String loginUrl) {
    }

    @RegisterForReflection
    public record LoginStatus(String status, String psuId) {
    }

    @Inject OAuthLoginService logins;
    @Inject PublicUrls urls;
    @Inject eu.xs2a.sandbox.events.BankEventDelivery events;

    @POST
    public Response create(LoginRequest body) {
        if (body == null) {
            throw BankException.badRequest("tppName, scope and returnUrl are required");
        }
        OAuthLoginService.Created created = logins.create(body.tppId(), body.tppName(), body.scope(),
                body.returnUrl());
        return Response.status(201)
                .entity(new Login(created.login().id.toString(), urls.oauthLoginUrl(created.token()))).build();
    }

    @GET
    @Path("/{loginId}")
    public LoginStatus status(@PathParam("loginId") String loginId) {
        OAuthLogin login = logins.status(loginId);
        return new LoginStatus(login.status, login.psuId);
    }

    /** The gateway exchanged the code: the PSU's approval of the named consent or payment is finalised. */
    @POST
    @Path("/{loginId}/redemption")
    public LoginStatus redeem(@PathParam("loginId") String loginId) {
        OAuthLoginService.Redeemed redeemed = logins.redeem(loginId);
        if (redeemed.resourceId() != null) {
            events.deliverNow(redeemed.resourceId()); // committed: the redemption's transaction ended with the call
        }
        return new LoginStatus(redeemed.login().status, redeemed.login().psuId);
    }
}
