package eu.xs2a.account.domain;

import eu.xs2a.account.aspsp.BankStandingOrder;
import java.util.List;

/**
 * A payment account's standing orders (bookingStatus=information), read live from the bank; {@code balances} is null
 * unless withBalance was asked and is covered.
 */
public record StandingOrderReport(Account account, List<BankStandingOrder> standingOrders, List<Balance> balances) {
}
