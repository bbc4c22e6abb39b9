package eu.xs2a.consent.aspsp;

import eu.xs2a.platform.bank.BankClient;
import eu.xs2a.platform.bank.BankClients;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.WebApplicationException;
import org.jboss.logging.Logger;

/**
 * {@link BankConsentPort} over the shared bank client ({@link BankClients}: the provider's REST client and guard,
 * the shared translation of the bank's errors). Only the deletion reads an answer itself.
 */
@ApplicationScoped
public class RestBankConsentPort implements BankConsentPort {

    private static final Logger LOG = Logger.getLogger(RestBankConsentPort.class);
    private static final int NOT_FOUND = 404;
    private static final int CONFLICT = 409;

    @Inject BankClients banks;

    @Override
    public BankConsentRegistration registerConsent(String providerCode, BankConsentRequest request) {
        return bank(providerCode).call("register the consent", (api, auth) -> api.create(auth, request));
    }

    @Override
    public BankConsentState consentAtBank(String providerCode, String bankConsentId) {
        return bank(providerCode).call("read the consent", (api, auth) -> api.get(auth, bankConsentId));
    }

    @Override
    public void deleteConsent(String providerCode, String bankConsentId) {
        bank(providerCode).call("delete the consent", (api, auth) -> {
            try {
                api.delete(auth, bankConsentId);
            } catch (WebApplicationException e) {
                int status = e.getResponse() == null ? 0 : e.getResponse().getStatus();
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

    private BankClient<BankConsentApi> bank(String providerCode) {
        return banks.of(providerCode, BankConsentApi.class);
    }
}
