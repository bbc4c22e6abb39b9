package eu.xs2a.payment.aspsp;

import eu.xs2a.platform.error.BankStatuses;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.provider.ProviderRegistry;
import eu.xs2a.platform.provider.ProvidersConfig;
import io.quarkus.rest.client.reactive.QuarkusRestClientBuilder;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.WebApplicationException;
import java.net.URI;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.jboss.logging.Logger;

/**
 * The bank port over HTTP: one REST client per provider (each provider has its own bank URL and timeouts),
 * built on first use and cached.
 */
@ApplicationScoped
public class SandboxBankClient implements BankPort {

    private static final Logger LOG = Logger.getLogger(SandboxBankClient.class);
    /** Seconds a TPP should wait before trying again when the bank is unreachable. */
    static final int RETRY_AFTER_SECONDS = 5;
    private static final String CANCELLATION_INVALID = "CANCELLATION_INVALID";
    /** The bank's 404 code for a payment id it does not know (any other 404 names no known resource: unavailable). */
    private static final String PAYMENT_UNKNOWN = "PAYMENT_UNKNOWN";

    private final ProviderRegistry registry;
    private final Map<String, BankPaymentsApi> clients = new ConcurrentHashMap<>();

    public SandboxBankClient(ProviderRegistry registry) {
        this.registry = registry;
    }

    @Override
    public BankSubmission submit(String providerCode, BankPaymentOrder order) {
        return call(providerCode, "submit payment " + order.idempotencyKey(), false,
                (api, auth) -> api.create(auth, order));
    }

    @Override
    public Optional<BankPaymentState> find(String providerCode, String idempotencyKey) {
        BankPaymentList found = call(providerCode, "look up payment " + idempotencyKey, false,
                (api, auth) -> api.find(auth, idempotencyKey));
        return found == null || found.payments() == null ? Optional.empty() : found.payments().stream().findFirst();
    }

    @Override
    public BankPaymentState fetch(String providerCode, String bankPaymentId) {
        return call(providerCode, "read payment " + bankPaymentId, true, (api, auth) -> api.get(auth, bankPaymentId));
    }

    @Override
    public BankCancellation cancel(String providerCode, String bankPaymentId, String returnUrl) {
        return call(providerCode, "cancel payment " + bankPaymentId, true,
                (api, auth) -> api.cancel(auth, bankPaymentId, Map.of("returnUrl", returnUrl)));
    }

    /** {@code namesPayment}: the call names a bank payment, so the bank's PAYMENT_UNKNOWN answer is about that one. */
    private <T> T call(String providerCode, String what, boolean namesPayment,
                       java.util.function.BiFunction<BankPaymentsApi, String, T> call) {
        ProvidersConfig.Provider provider = registry.require(providerCode);
        BankPaymentsApi api = clients.computeIfAbsent(providerCode, code -> build(provider));
        try {
            return call.apply(api, "Bearer " + provider.bankCredential());
        } catch (WebApplicationException e) {
            int status = e.getResponse().getStatus();
            BankError error = readError(e);
            LOG.warnf("Bank of %s refused to %s: %d %s", providerCode, what, status, error);
            BankStatuses.logIfCredentialRefused(LOG, providerCode, status);
            if (namesPayment && status == 404 && error != null && PAYMENT_UNKNOWN.equals(error.code())) {
                throw new Psd2Exception(ErrorClass.RESOURCE_UNKNOWN, "The bank does not know the payment it was asked"
                        + " to " + what);
            }
            if (!BankStatuses.isRefusal(status)) { // must not reject a valid order, which a retry may get through
                throw Psd2Exception.serviceUnavailable("The bank could not " + what + "; try again later",
                        RETRY_AFTER_SECONDS, e);
            }
            if (error != null && CANCELLATION_INVALID.equals(error.code())) {
                throw new Psd2Exception(ErrorClass.CANCELLATION_INVALID, "The bank can no longer cancel this payment");
            }
            throw new Psd2Exception(ErrorClass.SERVICE_INVALID, "The bank refused to " + what
                    + (error != null && error.message() != null ? ": " + error.message() : ""), e);
        } catch (ProcessingException e) {
            LOG.warnf("Bank of %s unreachable to %s: %s", providerCode, what, e.getMessage());
            throw Psd2Exception.serviceUnavailable("The bank is not reachable; try again later", RETRY_AFTER_SECONDS, e);
        }
    }

    private static BankError readError(WebApplicationException e) {
        try {
            return e.getResponse().readEntity(BankError.class);
        } catch (RuntimeException unreadable) {
            return null;
        }
    }

    private static BankPaymentsApi build(ProvidersConfig.Provider provider) {
        return QuarkusRestClientBuilder.newBuilder()
                .baseUri(URI.create(provider.bankUrl()))
                .connectTimeout(provider.connectTimeout().toMillis(), TimeUnit.MILLISECONDS)
                .readTimeout(provider.readTimeout().toMillis(), TimeUnit.MILLISECONDS)
                .build(BankPaymentsApi.class);
    }
}
