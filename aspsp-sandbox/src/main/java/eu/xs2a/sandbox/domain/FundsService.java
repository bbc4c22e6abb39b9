package eu.xs2a.sandbox.domain;

import eu.xs2a.sandbox.persistence.AccountRepository;
import eu.xs2a.sandbox.persistence.BalanceRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.math.BigDecimal;

/** Whether an amount is available on an account: enabled, same currency, interimAvailable covers it. */
@ApplicationScoped
public class FundsService {

    @Inject AccountRepository accounts;
    @Inject BalanceRepository balances;
    @Inject SlowPsus slow;

    @Transactional
    public boolean fundsAvailable(AccountRef ref, String currency, BigDecimal amount) {
        if (ref == null || !ref.hasIdentifier()) {
            throw BankException.badRequest("account must name iban, bban, maskedPan, pan or msisdn");
        }
        Account account = accounts.byRef(ref)
                .orElseThrow(() -> BankException.notFound("ACCOUNT_UNKNOWN", "no account " + ref.label()));
        slow.delayIfSlow(account.psuId);
        return covers(account, currency, amount);
    }

    /** The bank's one funds rule, also used when executing a payment. */
    public boolean covers(Account account, String currency, BigDecimal amount) {
        if (!Account.ENABLED.equals(account.status) || !account.currency.equals(currency)) {
            return false;
        }
        return balances.ofAccount(account.id).stream()
                .filter(b -> Balance.INTERIM_AVAILABLE.equals(b.balanceType))
                .anyMatch(b -> b.amount.compareTo(amount) >= 0);
    }
}
