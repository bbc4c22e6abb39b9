package eu.xs2a.platform.bank;

import eu.xs2a.platform.provider.ProviderRegistry;
import eu.xs2a.platform.provider.ProvidersConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.TransactionManager;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The one factory of bank clients in every service: a REST client per provider and bank API, on the provider's bank
 * URL with its timeouts and credential (the provider registry), and one {@link CallGuard} per provider, shared by all
 * of that provider's APIs, so that a failing bank opens one circuit and a slow one fills one bulkhead while the other
 * providers' banks are called as before ({@link BankClientConfig}). Both are built on first use and kept.
 */
@ApplicationScoped
public class BankClients {

    private final ProviderRegistry providers;
    private final BankClientConfig config;
    private final TransactionManager transactions;
    private final Map<String, CallGuard> guards = new ConcurrentHashMap<>();
    private final Map<String, BankClient<?>> clients = new ConcurrentHashMap<>();

    public BankClients(ProviderRegistry providers, BankClientConfig config, TransactionManager transactions) {
        this.providers = providers;
        this.config = config;
        this.transactions = transactions;
    }

    /** The client of {@code api} at the bank of {@code providerCode}; an unknown code is ResourceUnknown (404). */
    @SuppressWarnings("unchecked")
    public <A> BankClient<A> of(String providerCode, Class<A> api) {
        ProvidersConfig.Provider provider = providers.require(providerCode);
        return (BankClient<A>) clients.computeIfAbsent(providerCode + " " + api.getName(), key -> {
            GuardSettings settings = config.settingsOf(providerCode);
            A rest = RestClients.build(api, provider.bankUrl(), provider.connectTimeout(), provider.readTimeout(),
                    settings.maxConcurrentCalls());
            return new BankClient<>(providerCode, rest, provider.bankCredential(), guard(providerCode, settings),
                    transactions, config.retryAfterSeconds());
        });
    }

    private CallGuard guard(String providerCode, GuardSettings settings) {
        return guards.computeIfAbsent(providerCode, code -> new CallGuard("bank of provider " + code, settings,
                BankTranslation::countsAgainstBank));
    }
}
