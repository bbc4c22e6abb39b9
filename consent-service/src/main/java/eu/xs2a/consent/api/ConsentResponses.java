package eu.xs2a.consent.api;

import eu.xs2a.consent.config.PublicUrls;
import eu.xs2a.consent.domain.Consent;
import eu.xs2a.consent.domain.ConsentAuthorisation;
import eu.xs2a.consent.domain.ConsentType;
import eu.xs2a.consent.domain.CreatedConsent;
import eu.xs2a.consent.domain.RefusedConsent;
import eu.xs2a.consent.domain.ScaStepResult;
import eu.xs2a.platform.api.Href;
import eu.xs2a.platform.sca.ScaApproach;
import eu.xs2a.platform.sca.ScaUpdateResponse;
import eu.xs2a.platform.http.BrowserPages;
import eu.xs2a.platform.http.ErrorResponses;
import eu.xs2a.platform.provider.ProviderCalendar;
import eu.xs2a.platform.provider.ProviderRegistry;
import eu.xs2a.security.quarkus.ReplayAnswers;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;

/** Builds the Berlin Group response bodies and headers of the consent endpoints. */
@ApplicationScoped
public class ConsentResponses {

    static final String SCA_APPROACH_HEADER = "ASPSP-SCA-Approach";

    @Inject PublicUrls urls;
    @Inject ProviderCalendar calendar;
    @Inject ProviderRegistry providers;

    /**
     * 201 with consentStatus, consentId, _links and Location; ASPSP-SCA-Approach the authorisation's. The first link
     * is the PSU's next step: scaRedirect (redirect), updatePsuAuthentication (embedded: the authorisation exists,
     * it takes the password) or none (decoupled: the push went to the PSU's app, psuMessage says so); then self,
     * status, scaStatus. When the TPP starts an embedded or decoupled authorisation itself, startAuthorisation
     * (startAuthorisationWithPsuAuthentication for embedded), self and status.
     */
    public Response created(CreatedConsent created) {
        Consent consent = created.consent();
        ConsentAuthorisation authorisation = created.authorisation();
        boolean ais = consent.getType() == ConsentType.AIS;
        String self = urls.consentPath(consent.getProviderCode(), ais, consent.getId());
        String authorisationPath = urls.authorisationPath(consent.getProviderCode(), ais, consent.getId(),
                authorisation.id());
        Map<String, Href> links = new LinkedHashMap<>();
        if (authorisation.isExplicitStartPending()) {
            String start = urls.authorisationsPath(consent.getProviderCode(), ais, consent.getId());
            links.put(authorisation.scaApproach() == ScaApproach.EMBEDDED ? "startAuthorisationWithPsuAuthentication"
                    : "startAuthorisation", new Href(start));
            links.put("self", new Href(self));
            links.put("status", new Href(self + "/status"));
            return createdResponse(created, links);
        }
        switch (authorisation.scaApproach()) {
            case REDIRECT -> {
                if (providers.require(consent.getProviderCode()).oauthSca()) {
                    // the OAuth SCA approach: the TPP runs the code flow with scope AIS:<consentId>
                    links.put("scaOAuth", new Href(urls.scaOAuth(consent.getProviderCode())));
                } else {
                    links.put("scaRedirect", new Href(urls.scaRedirect(consent.getProviderCode(), ais,
                            consent.getId(), authorisation.id(), created.redirectToken())));
                }
            }
            case EMBEDDED -> links.put("updatePsuAuthentication", new Href(authorisationPath));
            case DECOUPLED -> { } // nothing for the TPP to send: it polls scaStatus
        }
        links.put("self", new Href(self));
        links.put("status", new Href(self + "/status"));
        links.put("scaStatus", new Href(authorisationPath));
        return createdResponse(created, links);
    }

    private static Response createdResponse(CreatedConsent created, Map<String, Href> links) {
        Consent consent = created.consent();
        Response.ResponseBuilder response = Response.status(Response.Status.CREATED);
        consent.notificationWishes().answer(response);
        return response
                .header("Location", links.get("self").href())
                .header(SCA_APPROACH_HEADER, created.authorisation().scaApproach().name())
                .type(MediaType.APPLICATION_JSON_TYPE)
                .entity(new ConsentCreatedResponse(consent.getStatus().name(), consent.getId(), links,
                        created.psuMessage()))
                .build();
    }

    /**
     * The answer to a TPP's embedded step (updatePsuAuthenticationResponse, selectPsuAuthenticationMethodResponse,
     * scaStatusResponse of a transaction authorisation): the status reached, the PSU's methods with
     * selectAuthenticationMethod when the PSU must choose, the chosen method and its challenge with
     * authoriseTransaction when a code comes next, a decoupled method's psuMessage, and always scaStatus.
     */
    public ScaUpdateResponse step(ScaStepResult result) {
        Consent consent = result.consent();
        return ScaUpdateResponse.afterStep(urls.authorisationPath(consent.getProviderCode(),
                consent.getType() == ConsentType.AIS, consent.getId(), result.authorisation().id()),
                result.authorisation().scaStatus(), result.bank());
    }

    /**
     * 201 startScaprocessResponse of an explicitly started authorisation: its id, status and next link
     * (updatePsuAuthentication while it waits for the password), as a step's answer otherwise; ASPSP-SCA-Approach.
     */
    public Response started(ScaStepResult result) {
        ConsentAuthorisation authorisation = result.authorisation();
        return Response.status(Response.Status.CREATED)
                .header(SCA_APPROACH_HEADER, authorisation.scaApproach().name())
                .type(MediaType.APPLICATION_JSON_TYPE)
                .entity(step(result).started(authorisation.id(), authorisation.scaApproach()))
                .build();
    }

    /**
     * Keeps the 201 answer for the TPP's retry in the transaction that stores the consent, so that the consent is
     * never committed without it (a crash before the answer went out still lets the retry get it).
     */
    void keepAnswer(@Observes CreatedConsent created, ReplayAnswers answers) {
        answers.keep(created(created));
    }

    /** Keeps the error of a consent the bank refused with the rejected consent, for the same reason. */
    void keepRefusal(@Observes RefusedConsent refused, ReplayAnswers answers) {
        answers.keep(ErrorResponses.of(refused.error()));
    }

    public AisConsentInformation aisInformation(Consent consent) {
        return new AisConsentInformation(consent.getAccess(), consent.isRecurringIndicator(),
                consent.getValidUntil().toString(), consent.getFrequencyPerDay(),
                // the date of the last status change, in the provider's calendar like every consent date
                calendar.dateOf(consent.getProviderCode(), consent.getUpdatedAt()).toString(),
                consent.getStatus().name(), null);
    }

    public FundsConsentInformation fundsInformation(Consent consent) {
        return new FundsConsentInformation(consent.getAccount(), consent.getCardNumber(),
                consent.getCardExpiryDate() == null ? null : consent.getCardExpiryDate().toString(),
                consent.getCardInformation(), consent.getRegistrationInformation(), consent.getStatus().name());
    }

    /** A link checker's HEAD on a usable scaRedirect link: nothing to cache, since the link is one-time. */
    public Response linkUsable() {
        return Response.ok().header(HttpHeaders.CACHE_CONTROL, "no-store").build();
    }

    /** Sends the PSU's browser on (302), or shows a short page when the TPP gave no redirect URI. */
    public Response browserTo(String location) {
        if (location == null) {
            return BrowserPages.page(200, "You are done at your bank",
                    "Your provider will learn the outcome from the bank. You may close this window.", null);
        }
        return Response.status(Response.Status.FOUND).location(URI.create(location))
                .header(HttpHeaders.CACHE_CONTROL, "no-store").build();
    }
}
