package eu.xs2a.sandbox.domain;

import java.util.List;
import java.util.stream.Stream;

/**
 * An SCA link and what it authorises: a consent, a payment, a payment's cancellation (the payment, whose
 * cancellation has its own SCA status and return URL), or a signing basket with its member payments and consents.
 * Answers the SCA steps alike for all, so that the steps do not each ask which it is.
 */
record ScaFlow(ScaLink link, Consent consent, Payment payment, SigningBasket basket, List<Payment> basketPayments,
               List<Consent> basketConsents) {

    ScaFlow(ScaLink link, Consent consent, Payment payment) {
        this(link, consent, payment, null, List.of(), List.of());
    }

    /** The consent, the payment or the basket, for what they answer alike. */
    ScaResource resource() {
        return basket != null ? basket : consent != null ? consent : payment;
    }

    /** A basket's members, whose SCA steps follow the basket's (empty for any other flow). */
    Stream<ScaResource> members() {
        return Stream.concat(basketPayments.stream(), basketConsents.stream());
    }

    /** A consent's or payment's own SCA while it is in a signing basket: only the basket's SCA may authorise it. */
    boolean blockedByBasket() {
        return switch (link.kind) {
            case CONSENT -> consent.basketId != null;
            case PAYMENT -> payment.basketId != null;
            case CANCELLATION, BASKET -> false;
        };
    }

    /** The consents and payments whose status the end of this flow changes (for their status events). */
    List<String> changed() {
        return basket == null ? List.of(link.resourceId) : members().map(r -> r.id).toList();
    }

    boolean awaitsSca() {
        // a basket whose member ended meanwhile (cancelled, terminated) can no longer authorise them all
        return cancellation() ? payment.awaitsCancellationSca()
                : resource().awaitsSca() && members().allMatch(ScaResource::awaitsSca);
    }

    void psuIdentified(String psuId) {
        if (cancellation()) {
            payment.cancellationPsuIdentified();
        } else {
            resource().psuIdentified(psuId);
            members().forEach(m -> m.psuIdentified(psuId));
        }
    }

    /** The PSU's password was right (SCA through the API): its methods come next. */
    void psuAuthenticated() {
        if (cancellation()) {
            payment.cancellationScaStep(ScaStatus.psuAuthenticated);
        } else {
            resource().psuAuthenticated();
        }
    }

    /** A method was chosen through the API: the OTP (or the app's approval) comes next. */
    void scaMethodSelected() {
        if (cancellation()) {
            payment.cancellationScaStep(ScaStatus.scaMethodSelected);
        } else {
            resource().scaMethodSelected();
        }
    }

    /** A new SCA of the same request (the TPP started another authorisation): back to received. */
    void restarted() {
        if (cancellation()) {
            payment.cancellationScaStep(ScaStatus.received);
        } else {
            resource().scaStatus = ScaStatus.received;
        }
    }

    /** The SCA status this flow moves: the cancellation's own for a cancellation. */
    ScaStatus scaStatus() {
        return cancellation() ? payment.cancellationScaStatus : resource().scaStatus;
    }

    void scaStarted() {
        if (cancellation()) {
            payment.cancellationScaStarted();
        } else {
            resource().scaStarted();
            members().forEach(ScaResource::scaStarted);
        }
    }

    /**
     * Whether this PSU already signed the consent or payment (multilevel SCA: each signatory signs once). A
     * cancellation is signed afresh.
     */
    boolean signedAlreadyBy(String psuId) {
        return !cancellation() && resource().hasSigned(psuId);
    }

    /** Where the PSU's browser goes back to when the flow ends. */
    String returnUrl() {
        return cancellation() ? payment.cancellationReturnUrl : resource().returnUrl;
    }

    private boolean cancellation() {
        return link.kind == ScaLink.Kind.CANCELLATION;
    }
}
