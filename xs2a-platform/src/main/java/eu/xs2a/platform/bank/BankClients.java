package eu.xs2a.platform.bank;

import eu.xs2a.platform.provider.ProviderRegistry;
import eu.xs2a.platform.provider.ProvidersConfig;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.tls.TlsConfiguration;
import io.quarkus.tls.TlsConfigurationRegistry;
import io.quarkus.rest.client.reactive.QuarkusRestClientBuilder;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.transaction.TransactionManager;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The one factory of bank clients in every service: a REST client per provider and bank API, on the provider's bank
 * URL with its timeouts and credential (the provider registry), and one {@link CallGuard} per provider, shared by all
 * of that provider's APIs, so that a failing bank opens one circuit and a slow one fills one bulkhead while the other
 * providers' banks are called as before ({@link BankClientConfig}). Both are built on first use and kept.
 * An {@code https} bank is called with the provider's TLS configuration, when it names one
 * ({@code psd2.providers.<code>.tls-configuration-name}, a {@code quarkus.tls.<name>} trust store and, for mutual TLS,
 * key store); every named configuration must exist when the service starts.
 */
@ApplicationScoped
public class BankClients {

    @Inject ProviderRegistry providers;
    @Inject BankClientConfig config;
    @Inject TransactionManager transactions;
    private final Map<String, CallGuard> guards = new ConcurrentHashMap<>();
    private final Map<String, BankClient<?>> clients = new ConcurrentHashMap<>();

    @Inject ProvidersConfig providersConfig;
    @Inject TlsConfigurationRegistry tls;
    @Inject BankCallMetrics metrics;

    /** A provider that names a TLS configuration that does not exist would fail at its first call: fail at start. */
    void checkTlsConfigurations(@Observes StartupEvent start) {
        providersConfig.all().forEach((code, provider) -> tlsOf(code, provider));
    }

    private TlsConfiguration tlsOf(String code, ProvidersConfig.Provider provider) {
        return provider.tlsConfigurationName().map(name -> tls.get(name).orElseThrow(() -> new IllegalStateException(
                "psd2.providers." + code + ".tls-configuration-name names the TLS configuration '" + name
                        + "', but no quarkus.tls." + name + ".* is configured"))).orElse(null);
    }

    /** The client of {@code api} at the bank of {@code providerCode}; an unknown code is ResourceUnknown (404). */
    @SuppressWarnings("unchecked")
    public <A> BankClient<A> of(String providerCode, Class<A> api) {
        ProvidersConfig.Provider provider = providers.require(providerCode);
        return (BankClient<A>) clients.computeIfAbsent(providerCode + " " + api.getName(), key -> {
            GuardSettings settings = config.settingsOf(providerCode);
            QuarkusRestClientBuilder builder = RestClients.builder(provider.bankUrl(), provider.connectTimeout(),
                    provider.readTimeout(), settings.maxConcurrentCalls());
            TlsConfiguration bankTls = tlsOf(providerCode, provider);
            if (bankTls != null) {
                builder.tlsConfiguration(bankTls);
            }
            A rest = builder.build(api);
            return new BankClient<>(providerCode, rest, provider.bankCredential(), guard(providerCode, settings),
                    transactions, config.retryAfterSeconds(), metrics);
        });
    }

    private CallGuard guard(String providerCode, GuardSettings settings) {
        return guards.computeIfAbsent(providerCode, code -> new CallGuard("bank of provider " + code, settings,
                BankTranslation::countsAgainstBank));
    }
}
