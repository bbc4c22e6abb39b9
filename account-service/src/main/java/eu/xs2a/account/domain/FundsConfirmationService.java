package eu.xs2a.account.domain;

import com.fasterxml.jackson.databind.JsonNode;
import eu.xs2a.account.aspsp.BankPort;
import eu.xs2a.account.consent.ConsentCheckRequest;
import eu.xs2a.account.consent.ConsentCheckResult;
import eu.xs2a.account.consent.ConsentLookup;
import eu.xs2a.security.error.ErrorClass;
import eu.xs2a.security.error.Psd2Exception;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Funds confirmation: the confirmation-of-funds consent must be usable (lookup, purpose PIIS) and name the same
 * account (and card, if it has one); the answer then comes live from the bank, never from the store.
 */
@ApplicationScoped
public class FundsConfirmationService {

    private final ConsentLookup lookup;
    private final BankPort bank;

    public FundsConfirmationService(ConsentLookup lookup, BankPort bank) {
        this.lookup = lookup;
        this.bank = bank;
    }

    public boolean confirm(CallContext ctx, FundsRequest request) {
        // Never counted: a funds check reads no account data and confirmation-of-funds consents have no
        // frequencyPerDay.
        ConsentCheckResult check = lookup.check(new ConsentCheckRequest(ctx.providerCode(), ctx.tppId(),
                ctx.consentId(), "PIIS", "funds", primaryReference(request.account()), true));
        ConsentedAccount consented = ConsentedAccount.of(check);
        if (!consented.matches(request.account())) {
            throw new Psd2Exception(ErrorClass.CONSENT_INVALID, "The account is not the one of the consent");
        }
        if (consented.cardNumber() != null && !consented.cardNumber().equals(request.cardNumber())) {
            throw new Psd2Exception(ErrorClass.CONSENT_INVALID, "The cardNumber is not the one of the consent");
        }
        return bank.fundsAvailable(ctx.providerCode(), bankReference(request.account()), request.instructedAmount());
    }

    /** The lookup takes exactly one identifier (the first of iban, bban, pan, maskedPan, msisdn) and the currency. */
    private static Map<String, String> primaryReference(Map<String, String> account) {
        Map<String, String> ref = new LinkedHashMap<>();
        FundsRequest.IDENTIFIERS.stream().filter(account::containsKey).findFirst()
                .ifPresent(id -> ref.put(id, account.get(id)));
        if (account.containsKey("currency")) {
            ref.put("currency", account.get("currency"));
        }
        return ref;
    }

    private static Map<String, String> identifiers(Map<String, String> account) {
        Map<String, String> ref = new LinkedHashMap<>();
        account.forEach((k, v) -> {
            if (FundsRequest.IDENTIFIERS.contains(k) || "currency".equals(k)) {
                ref.put(k, v);
            }
        });
        return ref;
    }

    /** The reference the bank understands: the identifiers and the currency (no BIC). */
    private static Map<String, String> bankReference(Map<String, String> account) {
        return identifiers(account);
    }

    /** The account (and card) a confirmation-of-funds consent was given for, read from the lookup's access. */
    record ConsentedAccount(List<Map<String, String>> accounts, String cardNumber) {

        static ConsentedAccount of(ConsentCheckResult check) {
            List<Map<String, String>> accounts = new ArrayList<>();
            collect(check.account(), accounts);
            String card = check.cardNumber();
            JsonNode access = check.access();
            if (access != null && access.isObject()) {
                collect(access, accounts);
                collect(access.get("account"), accounts);
                JsonNode list = access.get("accounts");
                if (list != null && list.isArray()) {
                    list.forEach(node -> collect(node, accounts));
                }
                JsonNode cardNode = access.get("cardNumber");
                if (card == null && cardNode != null && cardNode.isTextual()) {
                    card = cardNode.asText();
                }
            }
            return new ConsentedAccount(accounts, card);
        }

        private static void collect(JsonNode node, List<Map<String, String>> into) {
            if (node == null || !node.isObject()) {
                return;
            }
            Map<String, String> ref = new LinkedHashMap<>();
            for (String field : FundsRequest.IDENTIFIERS) {
                if (node.hasNonNull(field) && node.get(field).isTextual()) {
                    ref.put(field, node.get(field).asText());
                }
            }
            if (!ref.isEmpty()) {
                if (node.hasNonNull("currency")) {
                    ref.put("currency", node.get("currency").asText());
                }
                into.add(ref);
            }
        }

        /** Same account: an identifier both name, with equal values, and no contradicting currency. */
        boolean matches(Map<String, String> requested) {
            for (Map<String, String> consented : accounts) {
                boolean sameId = FundsRequest.IDENTIFIERS.stream().anyMatch(id -> consented.containsKey(id)
                        && requested.containsKey(id) && normal(consented.get(id)).equals(normal(requested.get(id))));
                boolean currencyOk = !consented.containsKey("currency") || !requested.containsKey("currency")
                        || consented.get("currency").equalsIgnoreCase(requested.get("currency"));
                if (sameId && currencyOk) {
                    return true;
                }
            }
            return false;
        }

        private static String normal(String identifier) {
            return identifier.replace(" ", "").toUpperCase();
        }
    }
}
