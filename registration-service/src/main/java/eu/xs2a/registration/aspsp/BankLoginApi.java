package eu.xs2a.registration.aspsp;

import io.quarkus.runtime.annotations.RegisterForReflection;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** The bank's PSU logins for the OAuth authorize step (aspsp-sandbox BANK-API.md "OAuth logins"), a REST client. */
@Path("/bank/v1/oauth-logins")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public interface BankLoginApi {

    /** What the PSU is asked to allow, and where the bank sends the browser afterwards. */
    @RegisterForReflection
    record LoginRequest(String tppId, String tppName, String scope, String returnUrl) {
    }

    /** The login's id (for {@link #status}) and the page the PSU's browser opens. */
    @RegisterForReflection
    record Login(String loginId, String loginUrl) {
    }

    /** {@code received}, {@code approved} (with the PSU) or {@code denied}. */
    @RegisterForReflection
    record LoginStatus(String status, String psuId) {
    }

    @POST
    Login create(@HeaderParam("Authorization") String authorization, LoginRequest request);

    @GET
    @Path("/{loginId}")
    LoginStatus status(@HeaderParam("Authorization") String authorization, @PathParam("loginId") String loginId);

    /**
     * The code of an approved login naming a consent or payment was exchanged: the bank finalises the PSU's approval
     * of it (idempotent).
     */
    @POST
    @Path("/{loginId}/redemption")
    LoginStatus redeem(@HeaderParam("Authorization") String authorization, @PathParam("loginId") String loginId);
}
