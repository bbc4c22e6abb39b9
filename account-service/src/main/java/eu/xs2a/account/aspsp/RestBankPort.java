package eu.xs2a.account.aspsp;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import eu.xs2a.platform.bank.BankClients;
import eu.xs2a.platform.bank.BankRefusals;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import org.jboss.logging.Logger;

/**
 * {@link BankPort} over the shared bank client ({@link BankClients}: the provider's REST client and guard, the shared
 * translation of the bank's errors), plus the two codes that say more here.
 */
@ApplicationScoped
public class RestBankPort implements BankPort {

    private static final Logger LOG = Logger.getLogger(RestBankPort.class);

    /**
     * The bank no longer honours the consent (422 CONSENT_INVALID); it holds no account of the reference given
     * (404 ACCOUNT_UNKNOWN, e.g. a funds check naming a currency the consented IBAN holds no account in).
     */
    private static final BankRefusals ACCOUNT_REFUSALS = answered -> {
        if (answered.is(422, "CONSENT_INVALID")) {
            return new Psd2Exception(ErrorClass.CONSENT_INVALID, "The bank does not accept the consent: "
                    + answered.message());
        }
        if (answered.is(404, "ACCOUNT_UNKNOWN")) {
            return new Psd2Exception(ErrorClass.RESOURCE_UNKNOWN, "The bank holds no account of that reference");
        }
        return null;
    };

    @Inject BankClients banks;
    @Inject ObjectMapper json;

    @Override
    public List<BankAccount> accounts(String providerCode, String aspspConsentId) {
        JsonNode body = call(providerCode, "list the accounts", (api, auth) -> api.accounts(auth, aspspConsentId));
        return convert(body.path("accounts"), new TypeReference<>() { });
    }

    @Override
    public List<BankAccount> cardAccounts(String providerCode, String aspspConsentId) {
        JsonNode body = call(providerCode, "list the card accounts",
                (api, auth) -> api.cardAccounts(auth, aspspConsentId));
        List<BankAccount> cards = convert(body.path("cardAccounts"), new TypeReference<>() { });
        return cards.stream().map(BankAccount::asCard).toList();
    }

    @Override
    public List<BankBalance> balances(String providerCode, String aspspConsentId, String bankAccountId,
                                      boolean card) {
        JsonNode body = call(providerCode, "read the balances",
                (api, auth) -> api.balances(auth, aspspConsentId, kind(card), bankAccountId));
        return convert(body.path("balances"), new TypeReference<>() { });
    }

    @Override
    public BankTransactionPage transactions(String providerCode, String aspspConsentId, String bankAccountId,
                                            boolean card, LocalDate from, LocalDate to, int page, int size) {
        JsonNode body = call(providerCode, "read the transactions", (api, auth) -> api.transactions(auth,
                aspspConsentId, kind(card), bankAccountId, from.toString(), to.toString(), "both", page, size));
        return convert(body, new TypeReference<>() { });
    }

    @Override
    public List<BankStandingOrder> standingOrders(String providerCode, String aspspConsentId, String bankAccountId) {
        JsonNode body = call(providerCode, "list the standing orders",
                (api, auth) -> api.standingOrders(auth, aspspConsentId, bankAccountId));
        List<BankStandingOrder> orders = convert(body.path("standingOrders"), new TypeReference<>() { });
        return orders == null ? List.of() : orders;
    }

    @Override
    public boolean fundsAvailable(String providerCode, Map<String, String> account, BankAmount amount) {
        Map<String, Object> request = Map.of("account", account, "instructedAmount", amount);
        JsonNode body = call(providerCode, "check the funds", (api, auth) -> api.fundsCheck(auth, request));
        JsonNode available = body.path("fundsAvailable");
        if (!available.isBoolean()) {
            LOG.errorf("bank funds check answered without fundsAvailable: %s", body);
            throw new Psd2Exception(ErrorClass.SERVICE_INVALID, "The bank gave no funds answer");
        }
        return available.booleanValue();
    }

    /** The bank's path segment for the kind of account. */
    private static String kind(boolean card) {
        return card ? "card-accounts" : "accounts";
    }

    private JsonNode call(String providerCode, String what, BiFunction<BankApi, String, String> call) {
        return readTree(banks.of(providerCode, BankApi.class).call(what, call, ACCOUNT_REFUSALS));
    }

    private JsonNode readTree(String text) {
        try {
            return json.readTree(text == null || text.isEmpty() ? "{}" : text);
        } catch (Exception e) {
            LOG.errorf("bank answered unreadable JSON: %s", e.getMessage());
            throw new Psd2Exception(ErrorClass.SERVICE_INVALID, "The bank gave an unreadable answer", e);
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
