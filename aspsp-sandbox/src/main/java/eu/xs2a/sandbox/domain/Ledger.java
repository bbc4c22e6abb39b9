package eu.xs2a.sandbox.domain;

import eu.xs2a.sandbox.persistence.BalanceRepository;
import eu.xs2a.sandbox.persistence.TransactionRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The bank's books as payments move them: balances (locked while they change, so two payments never spend the same
 * money) and the transactions a settled payment books. Keeps the bookkeeping out of the payment lifecycle.
 */
@ApplicationScoped
public class Ledger {

    private static final Predicate<Balance> BOOKED = Balance::isBooked;
    private static final Predicate<Balance> AVAILABLE = BOOKED.negate();

    @Inject BalanceRepository balances;
    @Inject TransactionRepository transactions;
    @Inject Clock clock;

    /** The account's balances locked for update: take them before checking funds that {@link #reserve} then takes. */
    public List<Balance> lockBalances(String accountId) {
        return balances.lockOfAccount(accountId);
    }

    /** An accepted payment's amount comes off the available balances (not the booked one) until it settles. */
    public void reserve(List<Balance> locked, BigDecimal amount, Instant now) {
        move(locked, AVAILABLE, amount.negate(), now);
    }

    /** A cancelled payment's reservation goes back onto the available balances. */
    public void release(String accountId, BigDecimal amount, Instant now) {
        move(lockBalances(accountId), AVAILABLE, amount, now);
    }

    /** Books a settled payment: off the debtor's booked balance, onto every balance of a creditor that is ours. */
    public void bookSettlement(Payment payment, Account debtor, Optional<Account> creditor, Instant now) {
        move(lockBalances(debtor.id), BOOKED, payment.debit().negate(), now);
        book(payment, debtor, debtor, payment.debit().negate(), "D", "D", now);
        creditor.ifPresent(account -> bookCredit(payment, account, debtor, now));
    }

    /** The credit of a payment on its creditor's account at this bank (a batch-booked bulk's entry: its own). */
    public void bookCredit(Payment payment, Account creditor, Account debtor, Instant now) {
        move(lockBalances(creditor.id), b -> true, payment.amount, now);
        book(payment, creditor, debtor, payment.amount, "C", "C", now);
    }

    /**
     * Books occurrence {@code index} of a standing order: nothing was reserved, so it comes off the debtor's booked
     * and available balances at once; each occurrence is a transaction of its own.
     */
    public void bookOccurrence(Payment order, int index, List<Balance> lockedDebtor, Account debtor,
                               Optional<Account> creditor, Instant now) {
        move(lockedDebtor, b -> true, order.debit().negate(), now);
        String suffix = index + "D";
        book(order, debtor, debtor, order.debit().negate(), "D", suffix, now);
        creditor.ifPresent(account -> {
            move(lockBalances(account.id), b -> true, order.amount, now);
            book(order, account, debtor, order.amount, "C", index + "C", now);
        });
    }

    private void move(List<Balance> locked, Predicate<Balance> which, BigDecimal delta, Instant now) {
        LocalDate today = LocalDate.ofInstant(now, clock.getZone());
        locked.stream().filter(which).forEach(b -> b.add(delta, today, now));
    }

    /** {@code suffix} tells the payment's transactions apart: the side, with a standing order's occurrence before it. */
    private void book(Payment payment, Account account, Account debtor, BigDecimal signedAmount, String side,
                      String suffix, Instant now) {
        LocalDate today = LocalDate.ofInstant(now, clock.getZone());
        BankTransaction tx = new BankTransaction();
        tx.transactionId = payment.id + "-" + suffix;
        tx.accountId = account.id;
        tx.entryReference = payment.id.substring(3, 19).replace("-", "") + suffix;
        tx.endToEndId = payment.endToEndId == null ? "NOTPROVIDED" : payment.endToEndId;
        tx.bookingStatus = BankTransaction.BOOKED;
        tx.bookingDate = today;
        tx.valueDate = today;
        tx.amount = signedAmount;
        tx.currency = account.currency;
        tx.creditorName = payment.creditorName;
        tx.creditorIban = payment.creditorIban;
        tx.debtorName = debtor.ownerName;
        tx.debtorIban = debtor.iban;
        tx.remittance = payment.remittance;
        // ISO 20022 bank transaction codes: a SEPA credit transfer (ESCT), or a cross-border one (XBCT)
        String family = "cross-border-credit-transfers".equals(payment.paymentProduct) ? "XBCT" : "ESCT";
        tx.bankTransactionCode = ("D".equals(side) ? "PMNT-ICDT-" : "PMNT-RCDT-") + family;
        transactions.persist(tx);
    }
}
