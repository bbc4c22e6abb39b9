package eu.xs2a.payment.domain;

/** What an authorisation sub-resource authorises: the payment itself, or its cancellation. */
public enum AuthorisationKind {
    PAYMENT,
    CANCELLATION
}
