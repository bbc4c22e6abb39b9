package eu.xs2a.payment.api;

import eu.xs2a.payment.domain.AuthorisationKind;
import eu.xs2a.payment.domain.Payment;
import eu.xs2a.payment.domain.PaymentAuthorisation;
import eu.xs2a.payment.domain.PaymentLedger.Created;
import eu.xs2a.payment.domain.PaymentLedger.NewAuthorisation;
import eu.xs2a.payment.domain.PaymentLedger.RefusedAtInitiation;
import eu.xs2a.payment.domain.PaymentLedger.StartedAuthorisation;
import eu.xs2a.payment.domain.PaymentUrls;
import eu.xs2a.platform.http.ErrorResponses;
import eu.xs2a.security.quarkus.ReplayAnswers;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * The answers to the payment creates (initiation, an explicitly started authorisation), for the TPP and its retry;
 * an initiation the bank refused answers with its error.
 */
@ApplicationScoped
public class PaymentResponses {

    static final String SCA_APPROACH_HEADER = "ASPSP-SCA-Approach";
    static final String REDIRECT = "REDIRECT";

    private final PaymentUrls urls;

    public PaymentResponses(PaymentUrls urls) {
        this.urls = urls;
    }

    /** 201 with transactionStatus, paymentId, _links (scaRedirect or startAuthorisation, self, status) and Location. */
    public Response initiated(Created created) {
        Payment payment = created.payment();
        NewAuthorisation authorisation = created.authorisation();
        Links links = new Links();
        if (authorisation != null) {
            links.with("scaRedirect", urls.scaRedirect(payment, authorisation.authorisation(), authorisation.token()));
        } else {
            links.with("startAuthorisation", PaymentUrls.authorisations(payment, AuthorisationKind.PAYMENT));
        }
        links.with("self", PaymentUrls.payment(payment)).with("status", PaymentUrls.status(payment));
        if (authorisation != null) {
            links.with("scaStatus", PaymentUrls.authorisation(payment, authorisation.authorisation()));
        }
        return Response.status(Response.Status.CREATED)
                .header("Location", PaymentUrls.payment(payment))
                .header(SCA_APPROACH_HEADER, REDIRECT)
                .type(MediaType.APPLICATION_JSON_TYPE)
                .entity(PaymentInitiationResponse.of(payment, links.build()))
                .build();
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
                .header(SCA_APPROACH_HEADER, REDIRECT)
                .type(MediaType.APPLICATION_JSON_TYPE)
                .entity(new StartAuthorisationResponse(authorisation.scaStatus(), authorisation.id(), links.build()))
                .build();
    }

    /** Keeps the answer in the transaction that stores the authorisation, as {@link #keepAnswer(Created, ReplayAnswers)}. */
    void keepAnswer(@Observes StartedAuthorisation started, ReplayAnswers answers) {
        answers.keep(authorisationStarted(started));
    }
}
