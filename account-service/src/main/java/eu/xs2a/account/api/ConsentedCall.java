package eu.xs2a.account.api;

import eu.xs2a.security.core.PsuIpAddress;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PathParam;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;

/**
 * What every consent-checked call of account-service is made with: the provider, the consent and the PSU's headers
 * ({@link CallContexts#of} reads them into a {@code CallContext}).
 */
public record ConsentedCall(
        @PathParam("provider_code") String providerCode,
        @Parameter(required = true, description = "id of the consent that covers this call, an AIS consent or, for"
                + " funds confirmation, a confirmation-of-funds one (ConsentUnknown, ConsentInvalid, ConsentExpired"
                + " otherwise)")
        @HeaderParam(CallContexts.CONSENT_ID) String consentId,
        @Parameter(description = "the PSU's IP address when the PSU asks now; without it the call is unattended and"
                + " counts against the consent's frequencyPerDay")
        @HeaderParam(PsuIpAddress.HEADER) String psuIpAddress,
        @Parameter(description = "the corporate PSU, if any")
        @HeaderParam(CallContexts.PSU_CORPORATE_ID) String psuCorporateId) {
}
