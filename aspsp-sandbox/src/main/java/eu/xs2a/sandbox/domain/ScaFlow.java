package eu.xs2a.sandbox.domain;

/**
 * An SCA link and what it authorises: a consent, a payment, or a payment's cancellation (the payment, whose
 * cancellation has its own SCA status and return URL). Answers the SCA steps alike for all three, so that the steps
 * do not each ask which it is.
 */
record ScaFlow(ScaLink link, Consent consent, Payment payment) {

    /** The consent or the payment, for what both answer alike. */
    ScaResource resource() {
        return consent != null ? consent : payment;
    }

    boolean awaitsSca() {
        return cancellation() ? payment.awaitsCancellationSca() : resource().awaitsSca();
    }

    void psuIdentified(String psuId) {
        if (cancellation()) {
            payment.cancellationPsuIdentified();
        } else {
            resource().psuIdentified(psuId);
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
