package eu.xs2a.consent.aspsp;

import eu.xs2a.platform.bank.BankClient;
import eu.xs2a.platform.bank.BankClients;
import eu.xs2a.platform.bank.BankRefusals;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.sca.BankScaMethod;
import eu.xs2a.platform.sca.ScaApproach;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
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

    /** A step the bank's SCA is not at (a concurrent step came first): the TPP's step is out of order. */
    private static final BankRefusals OUT_OF_ORDER = answered -> answered.is(CONFLICT, "STATUS_INVALID")
            ? new Psd2Exception(ErrorClass.STATUS_INVALID, "The authorisation is no longer at this step") : null;

    private final BankClients banks;

    public RestBankConsentPort(BankClients banks) {
        this.banks = banks;
    }

    @Override
    public BankConsentRegistration registerConsent(String providerCode, BankConsentRequest request) {
        return bank(providerCode).call("register the consent", (api, auth) -> api.create(auth, request));
    }

    @Override
    public BankConsentState consentAtBank(String providerCode, String bankConsentId) {
        return bank(providerCode).call("read the consent", (api, auth) -> api.get(auth, bankConsentId));
    }

    @Override
    public List<BankScaMethod> scaMethods(String providerCode, String psuId) {
        BankScaMethods methods = banks.of(providerCode, BankPsuApi.class)
                .call("read the PSU's SCA methods", (api, auth) -> api.scaMethods(auth, psuId));
        return methods == null || methods.scaMethods() == null ? List.of() : methods.scaMethods();
    }

    @Override
    public BankScaStep authenticatePsu(String providerCode, String bankConsentId, String psuId, String password) {
        return bank(providerCode).call("authenticate the PSU", (api, auth) ->
                api.authenticate(auth, bankConsentId, new BankScaRequests.Authentication(psuId, password)), OUT_OF_ORDER);
    }

    @Override
    public BankScaStep restartSca(String providerCode, String bankConsentId, ScaApproach approach, String psuId) {
        return bank(providerCode).call("start a new SCA", (api, auth) ->
                api.restartSca(auth, bankConsentId, new BankScaRequests.Restart(approach.name(), psuId)), OUT_OF_ORDER);
    }

    @Override
    public BankScaStep selectMethod(String providerCode, String bankConsentId, String authenticationMethodId) {
        return bank(providerCode).call("select the SCA method", (api, auth) ->
                api.selectMethod(auth, bankConsentId, new BankScaRequests.MethodSelection(authenticationMethodId)),
                OUT_OF_ORDER);
    }

    @Override
    public BankScaStep authorise(String providerCode, String bankConsentId, String otp) {
        return bank(providerCode).call("authorise with the OTP", (api, auth) ->
                api.authorise(auth, bankConsentId, new BankScaRequests.Otp(otp)), OUT_OF_ORDER);
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
