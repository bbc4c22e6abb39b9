package eu.xs2a.consent.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import eu.xs2a.consent.domain.AccountAccess;
import eu.xs2a.platform.api.Href;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.Map;

/** consentInformationResponse-200_json, with the effective validUntil and frequencyPerDay. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@RegisterForReflection
public record AisConsentInformation(AccountAccess access, boolean recurringIndicator, String validUntil,
                                    int frequencyPerDay, String lastActionDate, String consentStatus,
                                    @JsonProperty("_links") Map<String, Href> links) {
}
