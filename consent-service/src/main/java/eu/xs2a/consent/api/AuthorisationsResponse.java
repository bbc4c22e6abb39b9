package eu.xs2a.consent.api;

import java.util.List;

/** authorisations: every authorisationId of the consent. */
public record AuthorisationsResponse(List<String> authorisationIds) {
}
