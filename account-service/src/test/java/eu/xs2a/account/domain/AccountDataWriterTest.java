package eu.xs2a.account.domain;

import static org.junit.jupiter.api.Assertions.assertEquals;

import eu.xs2a.account.aspsp.BankAccount;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** What the store keeps of the bank's account list under a consent. */
@QuarkusTest
class AccountDataWriterTest {

    @Inject AccountDataWriter writer;

    private static BankAccount account(String bankId, String iban, String bban) {
        return account(bankId, iban, bban, "EUR");
    }

    private static BankAccount account(String bankId, String iban, String bban, String currency) {
        return new BankAccount(bankId, iban, bban, null, currency, "Konto " + bankId, null, null, "enabled", null, null,
                null, new BankAccount.Access(true, true, false), null, null, false);
    }

    /** consent-service checks an account by IBAN or BBAN, so one with neither could only ever answer errors. */
    @Test
    void anAccountWithNeitherIbanNorBbanIsLeftOut() {
        String tpp = "PSDXX-WRITER-" + UUID.randomUUID();
        List<AccountDataWriter.AccountToFetch> kept = writer.storeAccounts("sandbox", tpp, "consent-1", List.of(
                account("with-iban", "DE02100100109307118603", null),
                account("with-bban", null, "9307118604"),
                account("with-neither", null, " ")));

        assertEquals(List.of("with-iban", "with-bban"),
                kept.stream().map(AccountDataWriter.AccountToFetch::bankAccountId).toList());
        assertEquals(2L, ConsentAccount.count("tppId", tpp));
    }

    /** A multi-currency account comes as one account per currency under one IBAN; each keeps its own data. */
    @Test
    void theSubAccountsOfAMultiCurrencyAccountStayApart() {
        String tpp = "PSDXX-WRITER-" + UUID.randomUUID();
        String iban = "DE02100100109307118603";
        List<AccountDataWriter.AccountToFetch> kept = writer.storeAccounts("sandbox", tpp, "consent-1", List.of(
                account("eur", iban, null, "EUR"), account("usd", iban, null, "USD")));

        assertEquals(List.of("eur", "usd"), kept.stream().map(AccountDataWriter.AccountToFetch::bankAccountId).toList());
        assertEquals(2, kept.stream().map(AccountDataWriter.AccountToFetch::accountId).distinct().count());

        // under a later consent, the bank's ids may differ: the same IBAN and currency is the same account
        List<AccountDataWriter.AccountToFetch> again = writer.storeAccounts("sandbox", tpp, "consent-2", List.of(
                account("usd-2", iban, null, "USD")));
        assertEquals(kept.get(1).accountId(), again.get(0).accountId());
    }

    /**
     * Ten first reads at once, of two consents of one TPP naming the same accounts in opposite orders (found with two
     * instances: PostgreSQL chose a deadlock victim, whose read answered 500): every one stores its list.
     */
    @Test
    void parallelFirstReadsOfOneTppStoreTheirListsWithoutDeadlock() throws Exception {
        String tpp = "PSDXX-WRITER-" + UUID.randomUUID();
        List<BankAccount> list = List.of(account("a", "DE02100100109307118603", null),
                account("b", "DE89370400440532013000", null), account("c", null, "9307118604"));
        List<BankAccount> reversed = new ArrayList<>(list);
        java.util.Collections.reverse(reversed);
        ExecutorService pool = Executors.newFixedThreadPool(10);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<List<AccountDataWriter.AccountToFetch>>> stored = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                String consent = i % 2 == 0 ? "consent-even" : "consent-odd";
                List<BankAccount> accounts = i % 2 == 0 ? list : reversed;
                stored.add(pool.submit(() -> {
                    start.await();
                    return writer.storeAccounts("sandbox", tpp, consent, accounts);
                }));
            }
            start.countDown();
            for (Future<List<AccountDataWriter.AccountToFetch>> each : stored) {
                assertEquals(3, each.get().size()); // throws the deadlock's exception if there was one
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(6L, ConsentAccount.count("tppId", tpp));
        assertEquals(3L, Account.count("tppId", tpp));
    }
}
