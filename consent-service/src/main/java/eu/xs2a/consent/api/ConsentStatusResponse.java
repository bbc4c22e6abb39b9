package eu.xs2a.consent.api;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** consentStatusResponse-200. */
@RegisterForReflection
public record ConsentStatusResponse(String consentStatus) {
}
