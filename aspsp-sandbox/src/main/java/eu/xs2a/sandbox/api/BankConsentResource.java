package eu.xs2a.sandbox.api;

import eu.xs2a.sandbox.api.ConsentDtos.Access;
import eu.xs2a.sandbox.api.ConsentDtos.ConsentCreated;
import eu.xs2a.sandbox.api.ConsentDtos.ConsentState;
import eu.xs2a.sandbox.api.ConsentDtos.RegisterConsent;
import eu.xs2a.sandbox.domain.AccountRef;
import eu.xs2a.sandbox.domain.ApiScaService;
import eu.xs2a.sandbox.domain.BankException;
import eu.xs2a.sandbox.domain.Consent;
import eu.xs2a.sandbox.domain.ConsentAccess;
import eu.xs2a.sandbox.domain.ConsentAccess.AdditionalInformation;
import eu.xs2a.sandbox.domain.ConsentService;
import eu.xs2a.sandbox.domain.ConsentService.ConsentView;
import eu.xs2a.sandbox.domain.ConsentService.Covered;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.function.Predicate;

/** Bank consents (AIS and PIIS) registered by the gateway. */
@Path("/bank/v1/consents")
@BankApi
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class BankConsentResource {

    private static final int DEFAULT_FREQUENCY = 4;

    @Inject ConsentService consents;
    @Inject PublicUrls urls;

    @POST
    public Response register(RegisterConsent body) {
        if (body == null) {
            throw BankException.badRequest("a consent body is required");
        }
        requireText(body.tppId(), "tppId");
        requireText(body.tppName(), "tppName");
        requireText(body.returnUrl(), "returnUrl");
        Access access = body.access() == null ? Access.none() : body.access();
        ConsentAccess requested = new ConsentAccess(access.accounts(), access.balances(), access.transactions(),
                access.availableAccounts(), access.availableAccountsWithBalance(), access.allPsd2(),
                access.additionalInformation(), body.account(), body.cardNumber());
        ConsentService.Registered registered = consents.register(body.idempotencyKey(), body.type(), body.tppId(),
                body.tppName(), requested, body.validUntil(), Boolean.TRUE.equals(body.recurringIndicator()),
                body.frequencyPerDay() == null ? DEFAULT_FREQUENCY : body.frequencyPerDay(), body.psuId(),
                body.psuContext(), body.tppBrand(), body.returnUrl(), "DECOUPLED".equals(body.scaApproach()));
        return Response.status(registered.created() ? Response.Status.CREATED : Response.Status.OK)
                .entity(new ConsentCreated(registered.consent().id, registered.consent().status.name(),
                        urls.scaUrl(registered.link()), registered.consent().scaStatus.name(),
                        registered.link().decoupledAt == null ? null : ApiScaService.APP_MESSAGE))
                .build();
    }

    @GET
    @Path("/{bankConsentId}")
    public ConsentState get(@PathParam("bankConsentId") String bankConsentId) {
        return state(consents.get(bankConsentId));
    }

    @DELETE
    @Path("/{bankConsentId}")
    public Response terminate(@PathParam("bankConsentId") String bankConsentId) {
        consents.terminate(bankConsentId);
        return Response.noContent().build();
    }

    private static ConsentState state(ConsentView view) {
        Consent consent = view.consent();
        ConsentAccess requested = view.requested();
        Access access = null;
        if (Consent.AIS.equals(consent.type)) {
            access = view.covered().isEmpty()
                    ? new Access(requested.accounts(), requested.balances(), requested.transactions(),
                            requested.additionalInformation(), requested.availableAccounts(),
                            requested.availableAccountsWithBalance(), requested.allPsd2())
                    : new Access(refs(view.covered(), c -> true), refs(view.covered(), c -> c.grant().balances),
                            refs(view.covered(), c -> c.grant().transactions), ownerNameDelivered(view),
                            requested.availableAccounts(), requested.availableAccountsWithBalance(), requested.allPsd2());
        }
        return new ConsentState(consent.id, consent.type, consent.status.name(), consent.scaStatus.name(), consent.psuId,
                consent.tppId, consent.tppName, consent.validUntil, consent.recurringIndicator, consent.frequencyPerDay,
                access, Consent.PIIS.equals(consent.type) ? requested.account() : null, consent.psuContext,
                consent.tppBrand, consent.scaPsuContext);
    }

    /**
     * After approval: the accounts on which the owner name is delivered, when the consent asked for it through
     * additionalInformation.ownerName and the owner name is delivered on any account (Berlin Group 1.3.6).
     */
    private static AdditionalInformation ownerNameDelivered(ConsentView view) {
        if (!view.requested().ownerNameListRequested()) {
            return null;
        }
        List<AccountRef> delivered = refs(view.covered(), c -> c.grant().ownerName);
        return delivered.isEmpty() ? null : new AdditionalInformation(delivered);
    }

    private static List<AccountRef> refs(List<Covered> covered, Predicate<Covered> filter) {
        return covered.stream().filter(filter).map(c -> c.account().ref()).toList();
    }

    static void requireText(String value, String field) {
        if (value == null || value.isBlank()) {
            throw BankException.badRequest(field + " is required");
        }
    }
}
