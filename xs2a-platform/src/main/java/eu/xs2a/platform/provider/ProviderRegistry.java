package eu.xs2a.platform.provider;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Set;
import java.util.TreeSet;

/** Looks up providers by the {@code {provider_code}} path segment; an unknown code is ResourceUnknown (404). */
@ApplicationScoped
public class ProviderRegistry {

    private final ProvidersConfig config;

    public ProviderRegistry(ProvidersConfig config) {
        this.config = config;
    }

    public ProvidersConfig.Provider require(String providerCode) {
        ProvidersConfig.Provider provider = providerCode == null ? null : config.all().get(providerCode);
        if (provider == null) {
            throw new Psd2Exception(ErrorClass.RESOURCE_UNKNOWN, "Unknown provider code '" + providerCode + "'");
        }
        return provider;
    }

    public Set<String> codes() {
        return new TreeSet<>(config.all().keySet());
    }

    /** Every payment product that at least one provider offers (a product outside this set is ProductUnknown). */
    public Set<String> allPaymentProducts() {
        Set<String> products = new TreeSet<>();
        config.all().values().forEach(p -> products.addAll(p.paymentProducts()));
        return products;
    }
}
