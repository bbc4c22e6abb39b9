package eu.xs2a.consent.aspsp;

import eu.xs2a.platform.error.BankStatuses;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.provider.ProviderRegistry;
import eu.xs2a.platform.provider.ProvidersConfig;
import io.quarkus.rest.client.reactive.QuarkusRestClientBuilder;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.SystemException;
import jakarta.transaction.Transaction;
import jakarta.transaction.TransactionManager;
import jakarta.ws.rs.WebApplicationException;
import java.net.URI;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.jboss.logging.Logger;

/**
 * {@link BankConsentPort} over HTTP: one REST client per provider (its bank URL and timeouts from the provider
 * registry), the provider's service credential as a bearer token.
 */
@ApplicationScoped
public class RestBankConsentPort implements BankConsentPort {

    private static final Logger LOG = Logger.getLogger(RestBankConsentPort.class);
    /** Retry-After for a bank that cannot be reached: the provider registry's timeouts are a few seconds. */
    private static final int RETRY_AFTER_SECONDS = 5;
    private static final int NOT_FOUND = 404;
    private static final int CONFLICT = 409;

    private final ProviderRegistry providers;
    private final TransactionManager transactions;
    private final Map<String, BankConsentApi> clients = new ConcurrentHashMap<>();

    public RestBankConsentPort(ProviderRegistry providers, TransactionManager transactions) {
        this.transactions = transactions;
        this.providers = providers;
    }

    @Override
    public BankConsentRegistration registerConsent(String providerCode, BankConsentRequest request) {
        return call(providerCode, "register the consent", () -> client(providerCode)
                .create(bearer(providerCode), request));
    }

    @Override
    public BankConsentState consentAtBank(String providerCode, String bankConsentId) {
        return call(providerCode, "read the consent", () -> client(providerCode)
                .get(bearer(providerCode), bankConsentId));
    }

    @Override
    public void deleteConsent(String providerCode, String bankConsentId) {
        call(providerCode, "delete the consent", () -> {
            try {
                client(providerCode).delete(bearer(providerCode), bankConsentId);
            } catch (WebApplicationException e) {
                int status = status(e);
                if (status != NOT_FOUND && status != CONFLICT) {
                    throw e;
                }
                // unknown there (404) or already final there (409): the bank holds nothing open for this consent
                LOG.infof("Bank of provider %s holds consent %s no longer open (HTTP %d); nothing left to tell",
                        providerCode, bankConsentId, status);
            }
            return null;
        });
    }

    private <T> T call(String providerCode, String what, Supplier<T> call) {
        try {
            return outsideTransaction(call);
        } catch (WebApplicationException e) {
            int status = status(e);
            if (BankStatuses.isRefusal(status)) {
                LOG.warnf("Bank of provider %s refused to %s: HTTP %d %s", providerCode, what, status, bankMessage(e));
                throw new Psd2Exception(ErrorClass.SERVICE_INVALID, "The bank refused to " + what, e);
            }
            // any other 4xx (credential refused, rate limit, timeout, unknown path) says nothing about the request
            // itself: like a 5xx, what was asked may be asked again later
            BankStatuses.logIfCredentialRefused(LOG, providerCode, status);
            LOG.warnf("Bank of provider %s failed to %s: HTTP %d", providerCode, what, status);
            throw Psd2Exception.serviceUnavailable("The bank could not " + what + "; try again later",
                    RETRY_AFTER_SECONDS, e);
        } catch (Psd2Exception e) {
            throw e;
        } catch (RuntimeException e) {
            // connection refused, timeout, reset: the bank is unreachable or too slow
            LOG.warnf("Bank of provider %s unreachable to %s: %s", providerCode, what, e.toString());
            throw Psd2Exception.serviceUnavailable("The bank is not reachable to " + what + "; try again later",
                    RETRY_AFTER_SECONDS, e);
        }
    }

    /**
     * Runs the HTTP call with the caller's transaction suspended (its row locks stay held by its connection). The REST
     * client completes on Vert.x threads; with the transaction still active, context propagation would associate
     * them with it, and a failing call could then break the caller's commit ("committing with 2 threads active").
     */
    private <T> T outsideTransaction(Supplier<T> call) {
        Transaction suspended;
        try {
            suspended = transactions.suspend();
        } catch (SystemException e) {
            throw new IllegalStateException("Cannot suspend the transaction around a bank call", e);
        }
        try {
            return call.get();
        } finally {
            if (suspended != null) {
                try {
                    transactions.resume(suspended);
                } catch (Exception e) {
                    throw new IllegalStateException("Cannot resume the transaction after a bank call", e);
                }
            }
        }
    }

    private static int status(WebApplicationException e) {
        return e.getResponse() == null ? 0 : e.getResponse().getStatus();
    }

    /** The bank's {"code","message"} error body, for the log only (never shown to the TPP). */
    private static String bankMessage(WebApplicationException e) {
        try {
            return e.getResponse().readEntity(String.class);
        } catch (RuntimeException unreadable) {
            return "";
        }
    }

    private BankConsentApi client(String providerCode) {
        return clients.computeIfAbsent(providerCode, code -> {
            ProvidersConfig.Provider provider = providers.require(code);
            return QuarkusRestClientBuilder.newBuilder()
                    .baseUri(URI.create(provider.bankUrl()))
                    .connectTimeout(provider.connectTimeout().toMillis(), TimeUnit.MILLISECONDS)
                    .readTimeout(provider.readTimeout().toMillis(), TimeUnit.MILLISECONDS)
                    .build(BankConsentApi.class);
        });
    }

    private String bearer(String providerCode) {
        return "Bearer " + providers.require(providerCode).bankCredential();
    }
}
