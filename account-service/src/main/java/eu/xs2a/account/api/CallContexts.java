package eu.xs2a.account.api;

import eu.xs2a.account.domain.CallContext;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.provider.ProviderRegistry;
import eu.xs2a.security.core.HeaderText;
import eu.xs2a.security.core.PsuIpAddress;
import eu.xs2a.security.quarkus.CurrentTpp;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;

/** Builds the {@link CallContext} of a signed request: provider, caller, Consent-ID and the PSU headers. */
@RequestScoped
public class CallContexts {

    static final String CONSENT_ID = "Consent-ID";
    static final String PSU_CORPORATE_ID = "PSU-Corporate-ID";
    private static final int MAX_CONSENT_ID = 140;

    @Inject ProviderRegistry providers;
    @Inject CurrentTpp tpp;

    public CallContext of(ConsentedCall call) {
        String providerCode = call.providerCode();
        providers.require(providerCode); // an unknown provider is ResourceUnknown before anything else
        String consentId = call.consentId();
        if (consentId == null || consentId.isBlank()) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "Header Consent-ID is required");
        }
        if (consentId.length() > MAX_CONSENT_ID) {
            throw new Psd2Exception(ErrorClass.FORMAT_ERROR, "Header Consent-ID is longer than " + MAX_CONSENT_ID);
        }
        String psuIp = PsuIpAddress.parse(call.psuIpAddress());
        String corporate = HeaderText.text(call.psuCorporateId());
        return new CallContext(providerCode, tpp.get().tppId(), consentId.trim(),
                psuIp != null, corporate == null || corporate.isBlank() ? null : corporate);
    }
}
