package eu.xs2a.account.domain;

import com.fasterxml.jackson.databind.JsonNode;
import eu.xs2a.account.aspsp.BankPort;
import eu.xs2a.account.consent.ConsentCheckRequest;
import eu.xs2a.account.consent.ConsentCheckResult;
import eu.xs2a.account.consent.ConsentLookup;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Funds confirmation: the confirmation-of-funds consent must be usable and name the same account (lookup, purpose
 * PIIS) and the same card, if it has one; the answer then comes live from the bank, never from the store.
 */
@ApplicationScoped
public class FundsConfirmationService {

    @Inject ConsentLookup lookup;
    @Inject BankPort bank;

    public boolean confirm(CallContext ctx, FundsRequest request) {
        // Never counted: a funds check reads no account data and confirmation-of-funds consents have no
        // frequencyPerDay. The lookup gets the whole reference: consent-service's one rule decides whether it
        // designates the consent's account (every identifier both name agrees, the BBAN inside an IBAN included).
        ConsentCheckResult check = lookup.check(new ConsentCheckRequest(ctx.providerCode(), ctx.tppId(),
                ctx.consentId(), "PIIS", "funds", reference(request.account()), true));
        String consentedCard = consentedCard(check);
        if (consentedCard != null && !consentedCard.equals(request.cardNumber())) {
            throw new Psd2Exception(ErrorClass.CONSENT_INVALID, "The cardNumber is not the one of the consent");
        }
        return bank.fundsAvailable(ctx.providerCode(), reference(request.account()), request.instructedAmount());
    }

    /** The identifiers and the currency, as the lookup and the bank take them (no BIC). */
    private static Map<String, String> reference(Map<String, String> account) {
        Map<String, String> ref = new LinkedHashMap<>();
        account.forEach((k, v) -> {
            if (FundsRequest.IDENTIFIERS.contains(k) || "currency".equals(k)) {
                ref.put(k, v);
            }
        });
        return ref;
    }

    /** The card a confirmation-of-funds consent was given for, if any: the lookup's own field or its access. */
    private static String consentedCard(ConsentCheckResult check) {
        if (check.cardNumber() != null) {
            return check.cardNumber();
        }
        JsonNode access = check.access();
        JsonNode card = access == null ? null : access.get("cardNumber");
        return card != null && card.isTextual() ? card.asText() : null;
    }
}
