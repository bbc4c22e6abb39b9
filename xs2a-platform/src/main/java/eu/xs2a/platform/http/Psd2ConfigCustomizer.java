package eu.xs2a.platform.http;

import io.quarkus.runtime.annotations.StaticInitSafe;
import io.smallrye.config.SmallRyeConfigBuilder;
import io.smallrye.config.SmallRyeConfigBuilderCustomizer;

/**
 * The {@code psd2.*} namespace is shared: this library maps {@code psd2.trust-anchors}, {@code psd2.signature.*}
 * and friends ({@link SecurityConfig}), {@link ProvidersConfig} maps {@code psd2.providers.*}, and services add keys
 * of their own (e.g. {@code psd2.public-base-url}). Without this, SmallRye would refuse those as "does not map to
 * any root" of the {@code psd2} mapping. Registered in META-INF/services.
 */
@StaticInitSafe
public class Psd2ConfigCustomizer implements SmallRyeConfigBuilderCustomizer {

    @Override
    public void configBuilder(SmallRyeConfigBuilder builder) {
        builder.withMappingIgnore("psd2.**");
    }
}
