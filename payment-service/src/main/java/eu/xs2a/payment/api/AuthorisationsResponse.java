package eu.xs2a.payment.api;

import java.util.List;

/** Berlin Group authorisations: the ids of a payment's (cancellation-)authorisation sub-resources. */
public record AuthorisationsResponse(List<String> authorisationIds) {
}
