package eu.xs2a.payment.api;

import eu.xs2a.payment.domain.AuthorisationKind;
import eu.xs2a.payment.domain.Payment;
import eu.xs2a.payment.domain.PaymentAuthorisation;
import eu.xs2a.payment.domain.PaymentLedger.Created;
import eu.xs2a.payment.domain.PaymentLedger.NewAuthorisation;
import eu.xs2a.payment.domain.PaymentLedger.RefusedAtInitiation;
import eu.xs2a.payment.domain.PaymentLedger.StartedAuthorisation;
import eu.xs2a.payment.domain.PaymentUrls;
import eu.xs2a.payment.domain.PaymentScaSteps.StepResult;
import eu.xs2a.platform.http.ErrorResponses;
import eu.xs2a.platform.sca.ScaApproach;
import eu.xs2a.platform.sca.ScaUpdateResponse;
import eu.xs2a.security.quarkus.ReplayAnswers;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * The answers to the payment creates (initiation, an explicitly started authorisation), for the TPP and its retry;
 * an initiation the bank refused answers with its error.
 */
@ApplicationScoped
public class PaymentResponses {

    static final String SCA_APPROACH_HEADER = "ASPSP-SCA-Approach";

    @Inject PaymentUrls urls;
    @Inject eu.xs2a.platform.provider.ProviderRegistry providers;

    /**
     * 201 with transactionStatus, paymentId, _links and Location; ASPSP-SCA-Approach the payment's. The first link is
     * the PSU's next step: scaRedirect (redirect), updatePsuAuthentication (embedded: the authorisation exists, it
     * takes the password) or none (decoupled: the push went to the PSU's app, psuMessage says so); with an explicit
     * start, startAuthorisation (startAuthorisationWithPsuAuthentication for embedded). Then self, status, scaStatus.
     */
    public Response initiated(Created created) {
        Payment payment = created.payment();
        NewAuthorisation authorisation = created.authorisation();
        Links links = new Links();
        if (authorisation == null) {
            links.with(payment.scaApproach() == ScaApproach.EMBEDDED ? "startAuthorisationWithPsuAuthentication"
                    : "startAuthorisation", PaymentUrls.authorisations(payment, AuthorisationKind.PAYMENT));
        } else {
            firstStep(links, payment, authorisation);
        }
        links.with("self", PaymentUrls.payment(payment)).with("status", PaymentUrls.status(payment));
        if (authorisation != null) {
            links.with("scaStatus", PaymentUrls.authorisation(payment, authorisation.authorisation()));
        }
        Response.ResponseBuilder response = Response.status(Response.Status.CREATED);
        payment.notificationWishes().answer(response);
        return response
                .header("Location", PaymentUrls.payment(payment))
                .header(SCA_APPROACH_HEADER, payment.scaApproach().name())
                .type(MediaType.APPLICATION_JSON_TYPE)
                .entity(PaymentInitiationResponse.of(payment, links.build(), created.psuMessage()))
                .build();
    }

    /**
     * 202 paymentInitiationCancelResponse of a cancellation the PSU must authorise: _links by the approach as at
     * initiation (scaRedirect, updatePsuAuthentication, or none for decoupled), self, status, scaStatus.
     */
    public Response cancellationStarted(Payment payment, NewAuthorisation cancellation) {
        Links links = new Links();
        firstStep(links, payment, cancellation);
        links.with("self", PaymentUrls.payment(payment))
                .with("status", PaymentUrls.status(payment))
                .with("scaStatus", PaymentUrls.authorisation(payment, cancellation.authorisation()));
        return Response.accepted(new CancellationResponse(payment.transactionStatus().name(), links.build()))
                .header(SCA_APPROACH_HEADER, cancellation.authorisation().scaApproach().name())
                .build();
    }

    /** The answer to a TPP's embedded step of a payment or cancellation authorisation. */
    public ScaUpdateResponse step(StepResult result) {
        return ScaUpdateResponse.afterStep(PaymentUrls.authorisation(result.payment(), result.authorisation()),
                result.authorisation().scaStatus(), result.bank());
    }

    /** 201 startScaprocessResponse of an embedded or decoupled authorisation started explicitly; Location. */
    public Response apiAuthorisationStarted(StepResult result) {
        PaymentAuthorisation authorisation = result.authorisation();
        return Response.status(Response.Status.CREATED)
                .header("Location", PaymentUrls.authorisation(result.payment(), authorisation))
                .header(SCA_APPROACH_HEADER, authorisation.scaApproach().name())
                .type(MediaType.APPLICATION_JSON_TYPE)
                .entity(step(result).started(authorisation.id(), authorisation.scaApproach()))
                .build();
    }

    /** The PSU's next step of a new authorisation, by its approach. */
    private void firstStep(Links links, Payment payment, NewAuthorisation authorisation) {
        PaymentAuthorisation started = authorisation.authorisation();
        switch (started.scaApproach()) {
            case REDIRECT -> {
                if (started.kind() == AuthorisationKind.PAYMENT
                        && providers.require(payment.providerCode()).oauthSca()) {
                    // the OAuth SCA approach: the TPP runs the code flow with scope PIS:<paymentId>
                    links.with("scaOAuth", urls.scaOAuth(payment));
                } else {
                    links.with("scaRedirect", urls.scaRedirect(payment, started, authorisation.token()));
                }
            }
            case EMBEDDED -> links.with("updatePsuAuthentication", PaymentUrls.authorisation(payment, started));
            case DECOUPLED -> { } // nothing for the TPP to send: it polls scaStatus
        }
    }

    /**
     * Keeps the answer, as of the payment's creation (RCVD), in the transaction that stores the payment, before the
     * bank is called: a crash from then on still lets the TPP's retry learn the payment and its scaRedirect link. The
     * answer sent after the bank's reply replaces it.
     */
    void keepAnswer(@Observes Created created, ReplayAnswers answers) {
        answers.keep(initiated(created));
    }

    /**
     * Keeps the error of an initiation the bank refused in the transaction that rejects the payment, replacing the
     * answer kept at creation, for the same reason.
     */
    void keepRefusal(@Observes RefusedAtInitiation refused, ReplayAnswers answers) {
        answers.keep(ErrorResponses.of(refused.error()));
    }

    /** 201 with scaStatus, authorisationId, _links (scaRedirect, scaStatus) and Location. */
    public Response authorisationStarted(StartedAuthorisation started) {
        Payment payment = started.payment();
        PaymentAuthorisation authorisation = started.authorisation().authorisation();
        Links links = new Links()
                .with("scaRedirect", urls.scaRedirect(payment, authorisation, started.authorisation().token()))
                .with("scaStatus", PaymentUrls.authorisation(payment, authorisation));
        return Response.status(Response.Status.CREATED)
                .header("Location", PaymentUrls.authorisation(payment, authorisation))
                .header(SCA_APPROACH_HEADER, ScaApproach.REDIRECT.name())
                .type(MediaType.APPLICATION_JSON_TYPE)
                .entity(new StartAuthorisationResponse(authorisation.scaStatus(), authorisation.id(), links.build()))
                .build();
    }

    /** Keeps the answer in the transaction that stores the authorisation, as {@link #keepAnswer(Created, ReplayAnswers)}. */
    void keepAnswer(@Observes StartedAuthorisation started, ReplayAnswers answers) {
        answers.keep(authorisationStarted(started));
    }
}
