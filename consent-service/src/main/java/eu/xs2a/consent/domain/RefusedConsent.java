package eu.xs2a.consent.domain;

import eu.xs2a.platform.error.Psd2Exception;

/**
 * A consent the bank refused at creation, stored rejected, and the error its create answers with. The CDI event fired
 * inside the transaction that stores it, like {@link CreatedConsent}: a retry with the same X-Request-ID then gets
 * this error again, even if the service died before answering.
 */
public record RefusedConsent(Consent consent, Psd2Exception error) {
}
