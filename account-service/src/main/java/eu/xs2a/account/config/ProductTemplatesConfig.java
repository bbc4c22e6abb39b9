package eu.xs2a.account.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithParentName;
import java.util.List;
import java.util.Map;

/** Names and fields of each payment product; which products a provider offers comes from the provider registry. */
@ConfigMapping(prefix = "psd2.product-templates")
public interface ProductTemplatesConfig {

    @WithParentName
    Map<String, Template> products();

    interface Template {
        String name();

        List<String> requiredFields();

        List<String> optionalFields();
    }
}
