package eu.xs2a.platform.sca;

import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.provider.ProviderRegistry;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.EnumSet;
import java.util.List;
import org.jboss.logging.Logger;

/**
 * Chooses the SCA approach of a new consent, payment or cancellation (docs/ARCHITECTURE.md "SCA approaches",
 * {@link ScaApproach#choose}): the bank is asked for the PSU's methods only when the TPP did not prefer redirect
 * (or the provider offers no redirect), and never inside a transaction. A PSU the TPP did not name, or a bank that
 * cannot be asked, has no known methods: embedded where offered (the PSU's password names the PSU).
 */
@ApplicationScoped
public class ScaApproaches {

    private static final Logger LOG = Logger.getLogger(ScaApproaches.class);

    @Inject ProviderRegistry providers;
    @Inject BankSca bank;

    public ScaApproach choose(String providerCode, boolean redirectPreferred, String psuId) {
        return ScaApproach.choose(EnumSet.copyOf(providers.require(providerCode).scaApproaches()),
                redirectPreferred, () -> methodsOf(providerCode, psuId));
    }

    private List<BankScaMethod> methodsOf(String providerCode, String psuId) {
        if (psuId == null) {
            return List.of();
        }
        try {
            return bank.methods(providerCode, psuId);
        } catch (Psd2Exception e) {
            LOG.infof("SCA methods of a PSU at provider %s not available (%s); choosing without them", providerCode,
                    e.errorClass().text());
            return List.of();
        }
    }
}
