package eu.xs2a.consent.domain;

import eu.xs2a.consent.aspsp.BankConsentPort;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.provider.ProviderRegistry;
import eu.xs2a.platform.sca.BankScaMethod;
import eu.xs2a.platform.sca.ScaApproach;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.jboss.logging.Logger;

/**
 * Chooses a new consent's SCA approach (docs/ARCHITECTURE.md "SCA approaches", xs2a-platform's
 * {@link ScaApproach#choose}): the bank is asked for the PSU's methods only when the TPP did not prefer redirect
 * (or the provider offers no redirect), and never inside a transaction. A PSU the TPP did not name, or a bank that
 * cannot be asked, has no known methods: embedded where offered (the PSU's password names the PSU).
 */
@ApplicationScoped
public class ScaApproaches {

    private static final Logger LOG = Logger.getLogger(ScaApproaches.class);

    private final ProviderRegistry providers;
    private final BankConsentPort bank;

    public ScaApproaches(ProviderRegistry providers, BankConsentPort bank) {
        this.providers = providers;
        this.bank = bank;
    }

    public ScaApproach choose(String providerCode, ScaPreferences preferences, String psuId) {
        return ScaApproach.choose(ScaApproach.offered(providers.require(providerCode).scaApproaches()),
                preferences.redirectPreferred(), () -> methodsOf(providerCode, psuId));
    }

    private List<BankScaMethod> methodsOf(String providerCode, String psuId) {
        if (psuId == null) {
            return List.of();
        }
        try {
            return bank.scaMethods(providerCode, psuId);
        } catch (Psd2Exception e) {
            LOG.infof("SCA methods of a PSU at provider %s not available (%s); choosing without them", providerCode,
                    e.errorClass().text());
            return List.of();
        }
    }
}
