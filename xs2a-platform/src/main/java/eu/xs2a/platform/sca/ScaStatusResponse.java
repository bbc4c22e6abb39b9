package eu.xs2a.platform.sca;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * Berlin Group scaStatusResponse: the answer to a read of an authorisation or cancellation-authorisation
 * sub-resource of a consent or a payment.
 */
@RegisterForReflection
public record ScaStatusResponse(ScaStatus scaStatus) {

    public static ScaStatusResponse of(ScaAuthorisation authorisation) {
        return new ScaStatusResponse(authorisation.scaStatus());
    }
}
