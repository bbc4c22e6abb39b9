package eu.xs2a.account.aspsp;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import eu.xs2a.account.config.AccountDataConfig;
import eu.xs2a.platform.error.BankStatuses;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.provider.ProviderRegistry;
import eu.xs2a.platform.provider.ProvidersConfig;
import io.quarkus.rest.client.reactive.QuarkusRestClientBuilder;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.jboss.logging.Logger;

/** {@link BankPort} over the bank's HTTP API, one REST client per provider (its base URL and timeouts). */
@ApplicationScoped
public class RestBankPort implements BankPort {

    private static final Logger LOG = Logger.getLogger(RestBankPort.class);
    private static final String UNAVAILABLE = "The bank is not available, try again later";

    private final Map<String, BankApi> clients = new ConcurrentHashMap<>();
    private final ProviderRegistry providers;
    private final ObjectMapper json;
    private final int retryAfterSeconds;

    public RestBankPort(ProviderRegistry providers, ObjectMapper json, AccountDataConfig config) {
        this.providers = providers;
        this.json = json;
        this.retryAfterSeconds = config.retryAfterSeconds();
    }

    @Override
    public List<BankAccount> accounts(String providerCode, String aspspConsentId) {
        JsonNode body = call(providerCode, (api, bearer) -> api.accounts(bearer, aspspConsentId));
        return convert(body.path("accounts"), new TypeReference<>() { });
    }

    @Override
    public List<BankBalance> balances(String providerCode, String aspspConsentId, String bankAccountId) {
        JsonNode body = call(providerCode, (api, bearer) -> api.balances(bearer, aspspConsentId, bankAccountId));
        return convert(body.path("balances"), new TypeReference<>() { });
    }

    @Override
    public BankTransactionPage transactions(String providerCode, String aspspConsentId,
                                            String bankAccountId, LocalDate from, LocalDate to, int page, int size) {
        JsonNode body = call(providerCode, (api, bearer) -> api.transactions(bearer, aspspConsentId, bankAccountId,
                from.toString(), to.toString(), "both", page, size));
        return convert(body, new TypeReference<>() { });
    }

    @Override
    public boolean fundsAvailable(String providerCode, Map<String, String> account, BankAmount amount) {
        Map<String, Object> request = Map.of("account", account, "instructedAmount", amount);
        JsonNode body = call(providerCode, (api, bearer) -> api.fundsCheck(bearer, request));
        JsonNode available = body.path("fundsAvailable");
        if (!available.isBoolean()) {
            LOG.errorf("bank funds check answered without fundsAvailable: %s", body);
            throw new Psd2Exception(ErrorClass.SERVICE_INVALID, "The bank gave no funds answer");
        }
        return available.booleanValue();
    }

    private interface Call {
        Response on(BankApi api, String bearer);
    }

    private JsonNode call(String providerCode, Call call) {
        ProvidersConfig.Provider provider = providers.require(providerCode);
        Response response;
        try {
            response = call.on(client(provider), "Bearer " + provider.bankCredential());
        } catch (ProcessingException e) {
            // connection refused, connect or read timeout: the bank is down or too slow
            LOG.warnf("bank %s unreachable: %s", provider.bankUrl(), e.getMessage());
            throw Psd2Exception.serviceUnavailable(UNAVAILABLE, retryAfterSeconds, e);
        }
        try (response) {
            int status = response.getStatus();
            String text;
            try {
                text = response.hasEntity() ? response.readEntity(String.class) : "";
            } catch (ProcessingException e) {
                throw Psd2Exception.serviceUnavailable(UNAVAILABLE, retryAfterSeconds, e);
            }
            if (status >= 200 && status < 300) {
                return readTree(text);
            }
            if (status >= 500) {
                LOG.warnf("bank %s answered %d", provider.bankUrl(), status);
                throw Psd2Exception.serviceUnavailable(UNAVAILABLE, retryAfterSeconds, null);
            }
            BankStatuses.logIfCredentialRefused(LOG, providerCode, status);
            throw refusal(status, text);
        }
    }

    private Psd2Exception refusal(int status, String text) {
        JsonNode error = safeTree(text);
        String code = error.path("code").asText("");
        String message = error.path("message").asText("");
        LOG.infof("bank refused with %d %s: %s", status, code, message);
        if (status == 422 && "CONSENT_INVALID".equals(code)) {
            return new Psd2Exception(ErrorClass.CONSENT_INVALID, "The bank does not accept the consent: " + message);
        }
        if (status == 404 && "ACCOUNT_UNKNOWN".equals(code)) {
            // e.g. a funds check naming a currency the consented IBAN holds no account in: the TPP's reference
            return new Psd2Exception(ErrorClass.RESOURCE_UNKNOWN, "The bank holds no account of that reference");
        }
        if (!BankStatuses.isRefusal(status)) {
            // a rate limit, a timeout, our credential refused: nothing about the request, so ask again later
            return Psd2Exception.serviceUnavailable(UNAVAILABLE, retryAfterSeconds, null);
        }
        return new Psd2Exception(ErrorClass.SERVICE_INVALID, "The bank refused the request"
                + (message.isBlank() ? "" : ": " + message));
    }

    private BankApi client(ProvidersConfig.Provider provider) {
        return clients.computeIfAbsent(provider.bankUrl() + "|" + provider.connectTimeout() + "|"
                + provider.readTimeout(), key -> QuarkusRestClientBuilder.newBuilder()
                .baseUri(URI.create(provider.bankUrl()))
                .connectTimeout(provider.connectTimeout().toMillis(), TimeUnit.MILLISECONDS)
                .readTimeout(provider.readTimeout().toMillis(), TimeUnit.MILLISECONDS)
                .disableDefaultMapper(true)
                .build(BankApi.class));
    }

    private JsonNode readTree(String text) {
        try {
            return json.readTree(text.isEmpty() ? "{}" : text);
        } catch (Exception e) {
            LOG.errorf("bank answered unreadable JSON: %s", e.getMessage());
            throw new Psd2Exception(ErrorClass.SERVICE_INVALID, "The bank gave an unreadable answer", e);
        }
    }

    private JsonNode safeTree(String text) {
        try {
            return json.readTree(text.isEmpty() ? "{}" : text);
        } catch (Exception e) {
            return json.createObjectNode();
        }
    }

    private <T> T convert(JsonNode node, TypeReference<T> type) {
        try {
            return json.convertValue(node, type);
        } catch (IllegalArgumentException e) {
            LOG.errorf("bank answer does not have the expected shape: %s", e.getMessage());
            throw new Psd2Exception(ErrorClass.SERVICE_INVALID, "The bank gave an unexpected answer", e);
        }
    }
}
