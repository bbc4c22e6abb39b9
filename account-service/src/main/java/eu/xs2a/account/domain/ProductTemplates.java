package eu.xs2a.account.domain;

import eu.xs2a.account.config.ProductTemplatesConfig;
import eu.xs2a.platform.provider.ProviderRegistry;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;

/**
 * The payment products of a provider (from the provider registry), described by the template catalogue in
 * configuration. A product the catalogue does not describe is still listed, under its code, with the fields every
 * credit transfer needs.
 */
@ApplicationScoped
public class ProductTemplates {

    static final String FALLBACK = "default";

    @Inject ProviderRegistry providers;
    @Inject ProductTemplatesConfig catalogue;

    public List<ProductTemplate> of(String providerCode) {
        return providers.require(providerCode).paymentProducts().stream().map(this::template).toList();
    }

    private ProductTemplate template(String product) {
        ProductTemplatesConfig.Template t = catalogue.products().get(product);
        if (t != null) {
            return new ProductTemplate(product, t.name(), t.requiredFields(), t.optionalFields());
        }
        ProductTemplatesConfig.Template fallback = catalogue.products().get(FALLBACK);
        return new ProductTemplate(product, product, fallback.requiredFields(), fallback.optionalFields());
    }
}
