package eu.xs2a.platform;

import java.util.List;

/**
 * A service's own configuration mappings under {@code psd2} whose prefixes hold only their keys
 * ({@code psd2.account-data}, …): {@link UnknownSettingsCheck} refuses a key there that no setting has, as it does under
 * the platform's prefixes (SmallRye checks a mapping of a root of its own, {@code payment.*}, itself, but not under
 * {@code psd2}: {@code Psd2ConfigCustomizer}). One bean per service, in its {@code config} package; a mapping whose
 * prefix also takes keys read otherwise (a library's {@code @ConfigProperty}) is left out.
 */
public interface ServiceSettings {

    /** The {@code @ConfigMapping} interfaces, each checked under its own prefix. */
    List<Class<?>> mappings();
}
