package eu.xs2a.payment.domain;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.ErrorTexts;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.validation.Ibans;
import eu.xs2a.platform.validation.IsoCurrencies;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.Currency;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The rules a payment order must meet before the gateway accepts it (issue 8, "Initiation"); lengths are the
 * Berlin Group 1.3.6 maxima, and for the address parts Berlin Group leaves open (building number, town, post code)
 * those of ISO 20022's postal address (Max16Text, Max35Text, Max16Text), which a SEPA bank applies. Each failure names
 * the field at fault.
 */
public final class PaymentOrderRules {

    /** What an error text quotes of an account identifier at most. */
    private static final int SHOWN_LENGTH = 40;
    static final int CREDITOR_NAME_MAX = 70;
    static final int REMITTANCE_MAX = 140;
    static final int END_TO_END_MAX = 35;
    static final int AGENT_NAME_MAX = 70;
    static final int STREET_MAX = 70;
    static final int BUILDING_MAX = 16;
    static final int TOWN_MAX = 35;
    static final int POST_CODE_MAX = 16;
    static final int BBAN_MAX = 30;
    private static final int INTEGER_DIGITS_MAX = 14;

    private static final Pattern BBAN = Pattern.compile("[A-Za-z0-9]{1,30}");
    private static final Pattern SORT_CODE = Pattern.compile("[0-9]{6}");
    private static final Pattern BIC = Pattern.compile("[A-Z]{6}[A-Z2-9][A-NP-Z0-9]([A-Z0-9]{3})?");
    private static final Set<String> COUNTRIES = Set.of(Locale.getISOCountries());

    /** The bank products that are SEPA schemes: euro only, the creditor named by IBAN (EPC rulebooks). */
    static final Set<String> SEPA_PRODUCTS = Set.of("sepa-credit-transfers", "instant-sepa-credit-transfers");
    private static final String EURO = "EUR";

    private PaymentOrderRules() {
    }

    /**
     * @param today       the current date in the provider's own time zone (its bank's calendar)
     * @param bankProduct the product the bank runs the payment as; a SEPA one adds the scheme's own rules, so that
     *                    the bank does not refuse, after the payment exists, what could be refused before
     */
    public static void validate(PaymentOrder order, LocalDate today, String bankProduct) {
        required(order.creditorName(), "creditorName");
        maxLength(order.creditorName(), CREDITOR_NAME_MAX, "creditorName");
        if (order.creditorAccount() == null) {
            throw format("creditorAccount is required");
        }
        account(order.creditorAccount(), "creditorAccount");
        if (order.debtorAccount() != null) {
            account(order.debtorAccount(), "debtorAccount");
        }
        amount(order.instructedAmount());
        address(order.creditorAddress());
        maxLength(order.creditorAgentName(), AGENT_NAME_MAX, "creditorAgentName");
        maxLength(order.remittanceInformationUnstructured(), REMITTANCE_MAX, "remittanceInformationUnstructured");
        maxLength(order.endToEndIdentification(), END_TO_END_MAX, "endToEndIdentification");
        if (order.requestedExecutionDate() != null && order.requestedExecutionDate().isBefore(today)) {
            throw format("requestedExecutionDate " + order.requestedExecutionDate() + " is in the past");
        }
        if (SEPA_PRODUCTS.contains(bankProduct)) {
            if (!EURO.equals(order.instructedAmount().currency())) {
                throw format("instructedAmount.currency must be EUR: a SEPA credit transfer is in euro");
            }
            if (order.creditorAccount().iban() == null) {
                throw format("creditorAccount.iban is required: a SEPA credit transfer names the creditor by IBAN");
            }
        }
    }

    private static void account(AccountRef account, String field) {
        if (account.iban() == null && account.bban() == null) {
            throw format(field + " needs an iban or a bban");
        }
        if (account.iban() != null) {
            Ibans.parse(field + ".iban", account.iban());
        }
        if (account.bban() != null && !BBAN.matcher(account.bban()).matches()) {
            throw format(field + ".bban must be 1 to " + BBAN_MAX + " letters or digits");
        }
        if (account.sortCode() != null && !SORT_CODE.matcher(account.sortCode()).matches()) {
            throw format(field + ".sortCode must be 6 digits");
        }
        if (account.swiftCode() != null && !BIC.matcher(account.swiftCode()).matches()) {
            throw format(field + ".swiftCode '" + abbreviate(account.swiftCode()) + "' is not a BIC");
        }
        if (account.currency() != null) {
            IsoCurrencies.parse(field + ".currency", account.currency());
        }
    }

    private static void amount(Money money) {
        if (money == null) {
            throw format("instructedAmount is required");
        }
        required(money.currency(), "instructedAmount.currency");
        Currency currency = IsoCurrencies.parse("instructedAmount.currency", money.currency());
        required(money.amount(), "instructedAmount.amount");
        int decimals = Math.max(0, currency.getDefaultFractionDigits());
        String shape = "[0-9]{1," + INTEGER_DIGITS_MAX + "}" + (decimals > 0 ? "(\\.[0-9]{1," + decimals + "})?" : "");
        if (!money.amount().matches(shape)) {
            throw format("instructedAmount.amount '" + abbreviate(money.amount()) + "' is not a positive amount with at most "
                    + INTEGER_DIGITS_MAX + " digits before the decimal point and " + decimals + " after it for "
                    + currency.getCurrencyCode());
        }
        if (new BigDecimal(money.amount()).signum() <= 0) {
            throw format("instructedAmount.amount must be greater than zero");
        }
    }

    private static void address(PostalAddress address) {
        if (address == null) {
            return;
        }
        maxLength(address.streetName(), STREET_MAX, "creditorAddress.streetName");
        maxLength(address.buildingNumber(), BUILDING_MAX, "creditorAddress.buildingNumber");
        maxLength(address.townName(), TOWN_MAX, "creditorAddress.townName");
        maxLength(address.postCode(), POST_CODE_MAX, "creditorAddress.postCode");
        if (address.country() == null) {
            throw new Psd2Exception(ErrorClass.COUNTRY_NAME_INVALID,
                    "creditorAddress.country is required (an ISO 3166 alpha-2 country code)");
        }
        if (!COUNTRIES.contains(address.country())) {
            throw new Psd2Exception(ErrorClass.COUNTRY_NAME_INVALID, "creditorAddress.country '"
                    + abbreviate(address.country()) + "' is not an ISO 3166 alpha-2 country code");
        }
    }

    private static void required(String value, String field) {
        if (value == null || value.isBlank()) {
            throw format(field + " is required");
        }
    }

    /** Counted in characters (code points), as Berlin Group's maxLength and PostgreSQL's varchar count them. */
    private static void maxLength(String value, int max, String field) {
        if (value != null && value.codePointCount(0, value.length()) > max) {
            throw format(field + " is longer than " + max + " characters");
        }
    }

    private static String abbreviate(String value) {
        return ErrorTexts.shown(value, SHOWN_LENGTH);
    }

    private static Psd2Exception format(String message) {
        return new Psd2Exception(ErrorClass.FORMAT_ERROR, message);
    }
}
