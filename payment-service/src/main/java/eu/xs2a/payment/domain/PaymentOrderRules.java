package eu.xs2a.payment.domain;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.ErrorTexts;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.validation.IsoCurrencies;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.Currency;
import java.util.Set;

/**
 * The rules a payment order must meet before the gateway accepts it (issue 8, "Initiation") that go beyond one field:
 * between fields, on the provider's day and on the bank product. Each field's own rules (required, lengths, formats)
 * are the constraints of the body it was read from ({@code api.PaymentInitiationRequest}), checked before. Each
 * failure names the field at fault; an execution date the payment cannot run on (past, too far ahead, an instant
 * transfer's later day) is Berlin Group's EXECUTION_DATE_INVALID, every other failure FORMAT_ERROR.
 */
public final class PaymentOrderRules {

    /** What an error text quotes of an amount at most. */
    private static final int SHOWN_LENGTH = 40;
    private static final int INTEGER_DIGITS_MAX = 14;

    /** The bank products that are SEPA schemes: euro only, the creditor named by IBAN (EPC rulebooks). */
    static final Set<String> SEPA_PRODUCTS = Set.of("sepa-credit-transfers", "instant-sepa-credit-transfers");
    private static final String INSTANT = "instant-sepa-credit-transfers";
    /** TARGET2 (the Eurosystem's RTGS): euro, the creditor named by IBAN. */
    private static final String TARGET2 = "target-2-payments";
    /** Any currency; the creditor's bank by BIC and the creditor's country are needed to route it. */
    private static final String CROSS_BORDER = "cross-border-credit-transfers";
    private static final String EURO = "EUR";
    private static final String EXECUTION_DATE = "requestedExecutionDate";

    private PaymentOrderRules() {
    }

    /**
     * @param order            an order whose fields each meet their own rules
     * @param days             the days the provider's bank executes payments on: from its today (in its own time
     *                         zone) to the last day it takes a future-dated payment for
     * @param bankProduct      the product the bank runs the payment as; its scheme adds its own rules, so that the
     *                         bank does not refuse, after the payment exists, what could be refused before
     * @param instantMaxAmount the provider's limit of an instant credit transfer in euro, or null for none
     */
    public static void validate(PaymentOrder order, ExecutionDays days, String bankProduct,
                                BigDecimal instantMaxAmount) {
        account(order.creditorAccount(), "creditorAccount");
        if (order.debtorAccount() != null) {
            account(order.debtorAccount(), "debtorAccount");
        }
        amount(order.instructedAmount());
        if (order.requestedExecutionDate() != null) {
            days.check(EXECUTION_DATE, order.requestedExecutionDate());
        }
        if (SEPA_PRODUCTS.contains(bankProduct)) {
            euroToAnIban(order, "a SEPA credit transfer");
        }
        if (TARGET2.equals(bankProduct)) {
            euroToAnIban(order, "a TARGET2 payment");
        }
        if (INSTANT.equals(bankProduct)) {
            instant(order, days.today(), instantMaxAmount);
        }
        if (CROSS_BORDER.equals(bankProduct)) {
            if (order.creditorAgent() == null) {
                throw format("creditorAgent", "creditorAgent is required: a cross-border credit transfer names the"
                        + " creditor's bank by BIC");
            }
            if (order.creditorAddress() == null) {
                throw format("creditorAddress", "creditorAddress is required: a cross-border credit transfer names"
                        + " the creditor's country");
            }
        }
    }

    private static void euroToAnIban(PaymentOrder order, String what) {
        if (!EURO.equals(order.instructedAmount().currency())) {
            throw format("instructedAmount.currency", "instructedAmount.currency must be EUR: " + what + " is in euro");
        }
        if (order.creditorAccount().iban() == null) {
            throw format("creditorAccount.iban", "creditorAccount.iban is required: " + what
                    + " names the creditor by IBAN");
        }
    }

    /** Executed at once, within seconds: not on a later day, and not above the provider's limit. */
    private static void instant(PaymentOrder order, LocalDate today, BigDecimal maxAmount) {
        if (order.requestedExecutionDate() != null && order.requestedExecutionDate().isAfter(today)) {
            throw ExecutionDays.invalid(EXECUTION_DATE, "requestedExecutionDate " + order.requestedExecutionDate()
                    + " is not today: an instant credit transfer is executed at once");
        }
        if (maxAmount != null && new BigDecimal(order.instructedAmount().amount()).compareTo(maxAmount) > 0) {
            throw format("instructedAmount.amount", "instructedAmount.amount " + order.instructedAmount().amount()
                    + " is above the provider's"
                    + " limit of " + maxAmount.toPlainString() + " EUR for an instant credit transfer");
        }
    }

    private static void account(AccountRef account, String field) {
        if (account.iban() == null && account.bban() == null) {
            throw format(field, field + " needs an iban or a bban");
        }
    }

    /** The amount's shape depends on its currency: as many decimals as ISO 4217 gives it, and more than zero. */
    private static void amount(Money money) {
        Currency currency = IsoCurrencies.parse("instructedAmount.currency", money.currency());
        int decimals = Math.max(0, currency.getDefaultFractionDigits());
        String shape = "[0-9]{1," + INTEGER_DIGITS_MAX + "}" + (decimals > 0 ? "(\\.[0-9]{1," + decimals + "})?" : "");
        if (!money.amount().matches(shape)) {
            throw format("instructedAmount.amount", "instructedAmount.amount '"
                    + ErrorTexts.shown(money.amount(), SHOWN_LENGTH)
                    + "' is not a positive amount with at most " + INTEGER_DIGITS_MAX
                    + " digits before the decimal point and " + decimals + " after it for "
                    + currency.getCurrencyCode());
        }
        if (new BigDecimal(money.amount()).signum() <= 0) {
            throw format("instructedAmount.amount", "instructedAmount.amount must be greater than zero");
        }
    }

    private static Psd2Exception format(String field, String message) {
        return new Psd2Exception(ErrorClass.FORMAT_ERROR, message).at(field);
    }
}
