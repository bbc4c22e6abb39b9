package eu.xs2a.account.domain;

import com.fasterxml.jackson.databind.JsonNode;
import eu.xs2a.account.aspsp.BankAmount;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.validation.Ibans;
import eu.xs2a.platform.validation.IsoCurrencies;
import java.math.BigDecimal;
import java.util.Currency;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A funds confirmation request (Berlin Group {@code confirmationOfFunds}), validated: an account reference with at
 * least one identifier, a positive amount with no more decimals than its ISO 4217 currency has (2 for EUR).
 */
public record FundsRequest(Map<String, String> account, String cardNumber, BankAmount instructedAmount) {

    /** The identifiers an account reference may carry, in order of preference; {@code currency} qualifies them. */
    public static final List<String> IDENTIFIERS = List.of("iban", "bban", "pan", "maskedPan", "msisdn");
    private static final List<String> ACCOUNT_FIELDS = List.of("iban", "bban", "pan", "maskedPan", "msisdn",
            "bankAccountIdentifier", "currency", "bic");
    private static final Pattern AMOUNT = Pattern.compile("[0-9]{1,14}(\\.[0-9]{1,5})?");
    private static final Pattern BBAN = Pattern.compile("[a-zA-Z0-9]{1,30}");
    private static final int MAX_CARD_NUMBER = 35;
    private static final int MAX_CARD_OR_PHONE = 35;
    private static final int MAX_IDENTIFIER = 70;

    public static FundsRequest parse(JsonNode body) {
        if (body == null || !body.isObject()) {
            throw format("The body must be a JSON object with account and instructedAmount");
        }
        JsonNode accountNode = body.get("account");
        if (accountNode == null || accountNode.isNull()) {
            throw field("account", "account is required");
        }
        if (!accountNode.isObject()) {
            throw field("account", "account must be an object");
        }
        Map<String, String> account = new LinkedHashMap<>();
        for (String field : ACCOUNT_FIELDS) {
            String value = optionalText(accountNode, field, "account." + field, MAX_IDENTIFIER);
            if (value != null) {
                account.put(field, value);
            }
        }
        if (IDENTIFIERS.stream().noneMatch(account::containsKey)) {
            throw field("account", "account needs one of " + String.join(", ", IDENTIFIERS));
        }
        if (account.containsKey("currency")) {
            IsoCurrencies.parse("account.currency", account.get("currency"));
        }
        // the Berlin Group shapes, as consent-service checks them on the consent: a FormatError here, never its 400
        // coming back from the consent lookup
        if (account.containsKey("bban") && !BBAN.matcher(account.get("bban")).matches()) {
            throw field("account.bban", "account.bban '" + account.get("bban")
                    + "' is not a BBAN (1 to 30 letters and digits)");
        }
        for (String name : List.of("pan", "maskedPan", "msisdn")) {
            String value = account.get(name);
            if (value != null && value.codePointCount(0, value.length()) > MAX_CARD_OR_PHONE) {
                throw field("account." + name, "account." + name + " is longer than " + MAX_CARD_OR_PHONE
                        + " characters");
            }
        }
        if (account.containsKey("iban")) {
            account.put("iban", Ibans.parse("account.iban", account.get("iban")));
        }
        String cardNumber = optionalText(body, "cardNumber", "cardNumber", MAX_CARD_NUMBER);
        optionalText(body, "payee", "payee", 70);

        JsonNode amountNode = body.get("instructedAmount");
        if (amountNode == null || amountNode.isNull()) {
            throw field("instructedAmount", "instructedAmount is required");
        }
        if (!amountNode.isObject()) {
            throw field("instructedAmount", "instructedAmount must be an object with amount and currency");
        }
        String currencyCode = optionalText(amountNode, "currency", "instructedAmount.currency", 3);
        if (currencyCode == null) {
            throw field("instructedAmount.currency", "instructedAmount.currency is required");
        }
        Currency currency = IsoCurrencies.parse("instructedAmount.currency", currencyCode);
        String amount = optionalText(amountNode, "amount", "instructedAmount.amount", 30);
        if (amount == null) {
            throw field("instructedAmount.amount", "instructedAmount.amount is required");
        }
        if (!AMOUNT.matcher(amount).matches()) {
            throw field("instructedAmount.amount", "instructedAmount.amount '" + amount
                    + "' is not a positive decimal string like \"12.30\"");
        }
        BigDecimal value = new BigDecimal(amount);
        if (value.signum() <= 0) {
            throw field("instructedAmount.amount", "instructedAmount.amount must be greater than zero");
        }
        int digits = currency.getDefaultFractionDigits();
        if (digits >= 0 && value.scale() > digits) {
            throw field("instructedAmount.amount", "instructedAmount.amount '" + amount + "' has more than " + digits
                    + " decimals for "
                    + currencyCode);
        }
        return new FundsRequest(account, cardNumber, new BankAmount(currencyCode, amount));
    }


    private static String optionalText(JsonNode parent, String name, String path, int maxLength) {
        JsonNode node = parent.get(name);
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isTextual()) {
            throw field(path, path + " must be a string");
        }
        String value = node.asText().trim();
        if (value.isEmpty()) {
            throw field(path, path + " must not be empty");
        }
        if (value.length() > maxLength) {
            throw field(path, path + " is longer than " + maxLength + " characters");
        }
        return value;
    }

    private static Psd2Exception format(String message) {
        return new Psd2Exception(ErrorClass.FORMAT_ERROR, message);
    }

    /** A refusal of one field, which the error body names as its path. */
    private static Psd2Exception field(String path, String message) {
        return format(message).at(path);
    }
}
