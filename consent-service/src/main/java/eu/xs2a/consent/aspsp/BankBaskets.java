package eu.xs2a.consent.aspsp;

import eu.xs2a.platform.bank.BankClient;
import eu.xs2a.platform.bank.BankClients;
import eu.xs2a.platform.bank.BankRefusals;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Optional;

/**
 * The bank's signing baskets, over the shared bank client (aspsp-sandbox/BANK-API.md "Signing baskets"). The bank
 * judges the payments (which only it and payment-service know), with Berlin Group's signing basket codes: a member
 * it does not hold for this TPP → 400 RESOURCE_UNKNOWN; one that awaits no authorisation → 409
 * REFERENCE_STATUS_INVALID; one in another basket → 400 RESOURCE_BLOCKED; a member it cannot take in a basket → 400
 * REFERENCE_MIX_INVALID. Everything else is the shared translation.
 */
@ApplicationScoped
public class BankBaskets {

    private static final int REFUSED = 422;
    private static final int CONFLICT = 409;

    private static final BankRefusals MEMBERS = answered -> {
        if (answered.is(REFUSED, "MEMBER_IN_BASKET")) {
            return new Psd2Exception(ErrorClass.RESOURCE_BLOCKED, memberText(answered.message()));
        }
        if (answered.is(REFUSED, "MEMBER_UNKNOWN")) {
            return new Psd2Exception(ErrorClass.REFERENCE_UNKNOWN, memberText(answered.message()));
        }
        if (answered.is(REFUSED, "MEMBER_NOT_AWAITING_SCA")) {
            return new Psd2Exception(ErrorClass.REFERENCE_STATUS_INVALID, memberText(answered.message()));
        }
        if (answered.is(REFUSED, "MEMBER_INVALID")) {
            return new Psd2Exception(ErrorClass.REFERENCE_MIX_INVALID, memberText(answered.message()));
        }
        return null;
    };

    private static final BankRefusals NOT_DELETABLE = answered -> answered.is(CONFLICT, "STATUS_INVALID")
            ? new Psd2Exception(ErrorClass.STATUS_INVALID, "The signing basket is being authorised or was authorised")
            : null;

    @Inject BankClients banks;

    public BankBasketApi.Registered register(String providerCode, BankBasketApi.Registration registration) {
        return bank(providerCode).call("register the signing basket", (api, auth) -> api.create(auth, registration),
                MEMBERS);
    }

    public BankBasketApi.State read(String providerCode, String bankBasketId) {
        return bank(providerCode).call("read the signing basket", (api, auth) -> api.get(auth, bankBasketId));
    }

    /** The basket the bank registered under this idempotency key (the gateway's basket id), if any. */
    public Optional<BankBasketApi.State> find(String providerCode, String idempotencyKey) {
        BankBasketApi.Found found = bank(providerCode).call("look up the signing basket",
                (api, auth) -> api.find(auth, idempotencyKey));
        return found == null || found.baskets() == null ? Optional.empty() : found.baskets().stream().findFirst();
    }

    public void delete(String providerCode, String bankBasketId) {
        bank(providerCode).call("delete the signing basket", (api, auth) -> {
            api.delete(auth, bankBasketId);
            return null;
        }, NOT_DELETABLE);
    }

    /** The bank's message names the member by the id the gateway gave it ("payment … is in another basket"). */
    private static String memberText(String bankMessage) {
        return bankMessage == null || bankMessage.isBlank() ? "A member cannot be put in a signing basket"
                : "Cannot be put in a signing basket: " + bankMessage;
    }

    private BankClient<BankBasketApi> bank(String providerCode) {
        return banks.of(providerCode, BankBasketApi.class);
    }
}
