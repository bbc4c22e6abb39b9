package eu.xs2a.platform.sca;

import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.List;

/** Berlin Group authorisations: the ids of a consent's or payment's (cancellation-)authorisation sub-resources. */
@RegisterForReflection
public record AuthorisationsResponse(List<String> authorisationIds) {

    /** The ids of {@code authorisations}, in their order. */
    public static AuthorisationsResponse of(List<? extends ScaAuthorisation> authorisations) {
        return new AuthorisationsResponse(authorisations.stream().map(ScaAuthorisation::id).toList());
    }
}
