package eu.xs2a.registration.aspsp;

import eu.xs2a.platform.bank.BankClients;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** The port to the bank's PSU logins: every call through the provider's guarded bank client, outside transactions. */
@ApplicationScoped
public class BankLogins {

    @Inject BankClients banks;

    public BankLoginApi.Login create(String providerCode, String tppId, String tppName, String scope,
                                     String returnUrl) {
        return banks.of(providerCode, BankLoginApi.class).call("start the PSU's login",
                (api, auth) -> api.create(auth, new BankLoginApi.LoginRequest(tppId, tppName, scope, returnUrl)));
    }

    public BankLoginApi.LoginStatus redeem(String providerCode, String loginId) {
        return banks.of(providerCode, BankLoginApi.class).call("finalise the PSU's approval",
                (api, auth) -> api.redeem(auth, loginId));
    }

    public BankLoginApi.LoginStatus status(String providerCode, String loginId) {
        return banks.of(providerCode, BankLoginApi.class).call("tell the outcome of the PSU's login",
                (api, auth) -> api.status(auth, loginId));
    }
}
