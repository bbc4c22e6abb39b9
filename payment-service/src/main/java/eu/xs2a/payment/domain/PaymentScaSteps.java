package eu.xs2a.payment.domain;

import eu.xs2a.platform.bank.PsuContext;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.sca.BankSca;
import eu.xs2a.platform.sca.BankScaStep;
import eu.xs2a.platform.sca.PsuDataUpdate;
import eu.xs2a.platform.sca.ScaApproach;
import eu.xs2a.platform.sca.ScaStatus;
import eu.xs2a.platform.sca.ScaTarget;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * The TPP's side of an embedded or decoupled authorisation of a payment or of its cancellation
 * (docs/ARCHITECTURE.md "SCA approaches"): the explicit start ({@code POST …/authorisations},
 * {@code …/cancellation-authorisations}) and the embedded steps ({@code PUT …/{authorisationId}}), through
 * xs2a-platform's {@link BankSca} as consents do. The authorisation's own machine says whether a step may come now
 * (409 STATUS_INVALID); the bank judges the PSU's input; the authorisation follows the status the bank answered. A
 * step that ends the SCA reads the payment at the bank and applies it as a status read does (ACTC or RJCT; CANC for a
 * cancellation). No transaction is open during a bank call. The password and the OTP go to the bank and nowhere
 * else.
 */
@ApplicationScoped
public class PaymentScaSteps {

    private static final int RETRY_AFTER_SECONDS = 5;

    /** The authorisation after a TPP's step or start, the payment as it is now, and what the bank answered. */
    public record StepResult(Payment payment, PaymentAuthorisation authorisation, BankScaStep bank) {
    }

    @Inject PaymentService payments;
    @Inject PaymentLedger ledger;
    @Inject BankSca bank;

    /** {@code PUT …/authorisations/{id}} or {@code …/cancellation-authorisations/{id}}: one embedded step. */
    public StepResult update(Payment payment, AuthorisationKind kind, String authorisationId, PsuDataUpdate update) {
        PaymentAuthorisation authorisation = payments.authorisation(payment, kind, authorisationId);
        authorisation.requireStep(update.step());
        requireAtBank(payment);
        // the PSU named at the authorisation's explicit start (a further signatory), else the payment's
        String knownPsu = authorisation.psuId() != null ? authorisation.psuId() : payment.psuId();
        BankScaStep answer = bank.take(payment.providerCode(), target(payment, kind), update, knownPsu);
        ScaStatus reached = ScaStatus.fromBank(answer.scaStatus());
        PaymentAuthorisation after = ledger.followScaStep(payment.id(), kind, authorisationId, reached);
        Payment now = payment;
        if (reached != null && reached.isFinal()) {
            // the payment (or its cancellation) moved at the bank: read it as a status read does
            now = payments.refreshed(ledger.get(payment.id()));
            after = payments.authorisation(now, kind, authorisationId);
        }
        if (answer.error() != null) {
            throw kind == AuthorisationKind.CANCELLATION ? BankSca.refusal(answer.error(), after.scaStatus(),
                    "the cancellation failed, and the payment stays as it was") : BankSca.refusal(answer.error(),
                    after.scaStatus());
        }
        return new StepResult(now, after, answer);
    }

    /**
     * Explicit start of an embedded or decoupled authorisation: the bank starts a new SCA (the open authorisation of
     * the kind ends failed: the bank has one SCA per payment and per cancellation); with a password the new one takes
     * it at once, as its first PUT would. A redirect payment's explicit start is {@link PaymentService}'s.
     *
     * @param psuId    PSU-ID of the request, or null (then the payment's)
     * @param password psuData.password, or null for an empty body
     * @param psuContext the PSU's context of the request, passed on to the bank with the new SCA
     */
    public StepResult start(Payment payment, AuthorisationKind kind, ScaApproach approach, String psuId,
                            String password, PsuContext psuContext) {
        ledger.requireAwaitingAuthorisation(payment, kind);
        requireAtBank(payment);
        String psu = psuId != null ? psuId : payment.psuId();
        BankScaStep restarted = bank.start(payment.providerCode(), target(payment, kind), approach, psu,
                password != null, psuContext);
        PaymentAuthorisation started = ledger.startApiAuthorisation(payment.id(), kind, approach, psuId,
                restarted.scaStatus());
        if (password == null) {
            return new StepResult(ledger.get(payment.id()), started, restarted);
        }
        return update(ledger.get(payment.id()), kind, started.id(), PsuDataUpdate.authentication(psuId, password,
                psuContext));
    }

    /**
     * The approach of an explicit start of {@code kind}: the payment's; a cancellation's is its newest authorisation's
     * (the DELETE's), and a redirect cancellation gets a new link from a new DELETE only (StatusInvalid).
     */
    public ScaApproach approachOfAStart(Payment payment, AuthorisationKind kind) {
        if (kind == AuthorisationKind.PAYMENT) {
            return payment.scaApproach();
        }
        ScaApproach approach = ledger.latestAuthorisation(payment.id(), AuthorisationKind.CANCELLATION)
                .map(PaymentAuthorisation::scaApproach)
                .orElseThrow(() -> new Psd2Exception(ErrorClass.STATUS_INVALID, "No cancellation of this payment"
                        + " awaits authorisation: DELETE the payment first"));
        if (approach == ScaApproach.REDIRECT) {
            throw new Psd2Exception(ErrorClass.STATUS_INVALID, "This cancellation is authorised by redirect: a new"
                    + " DELETE gives a new scaRedirect link");
        }
        return approach;
    }

    /** A payment the bank has not acknowledged yet (its submission task retries) has no SCA there to take a step. */
    private static void requireAtBank(Payment payment) {
        if (!payment.isSubmitted()) {
            throw Psd2Exception.serviceUnavailable("The bank cannot be reached; please send the same request again in"
                    + " a moment", RETRY_AFTER_SECONDS, null);
        }
    }

    private static ScaTarget target(Payment payment, AuthorisationKind kind) {
        return kind == AuthorisationKind.PAYMENT ? ScaTarget.payment(payment.bankPaymentId())
                : ScaTarget.cancellation(payment.bankPaymentId());
    }
}
