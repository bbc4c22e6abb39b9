package eu.xs2a.account.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.account.domain.Account;
import eu.xs2a.account.domain.Balance;
import eu.xs2a.account.domain.ConsentAccount;
import eu.xs2a.account.domain.ConsentSnapshot;
import eu.xs2a.account.persistence.AccountRepository.WithCoverage;
import eu.xs2a.testsupport.QueryPlans;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link AccountRepository#findWithCoverage} maps its 28 columns by position: every field read back must be the one
 * stored, each with a value of its own so that two swapped columns cannot pass.
 */
@QuarkusTest
class AccountRepositoryTest {

    private static final String PROVIDER = "sandbox";
    private static final String CONSENT = "consent-covering";
    private static final Instant UPDATED = Instant.parse("2026-03-04T05:06:07.123456Z");
    private static final Instant CHANGED = Instant.parse("2026-03-03T23:59:58.654321Z");

    @Inject AccountRepository accounts;
    @Inject DataSource dataSource;

    private String tppId;
    private Account stored;
    private ConsentAccount storedCover;

    @BeforeEach
    void store() {
        tppId = "PSDXX-REPO-" + UUID.randomUUID();
        stored = account("DE02100100109307118603");
        QuarkusTransaction.requiringNew().run(() -> {
            accounts.persist(stored);
            storedCover = new ConsentAccount();
            storedCover.providerCode = PROVIDER;
            storedCover.tppId = tppId;
            storedCover.consentId = CONSENT;
            storedCover.accountId = stored.id;
            storedCover.balances = true;
            storedCover.transactions = false;
            storedCover.ownerName = true;
            storedCover.persist();
            balance("closingBooked", "1500.25", LocalDate.of(2026, 3, 3), CHANGED).persist();
            balance("expected", "1400.00", null, null).persist();
            snapshot().persist();
        });
    }

    @Test
    void readsEveryFieldOfTheAccountItsCoverAndItsBalancesInOrder() {
        WithCoverage found = accounts.findWithCoverage(PROVIDER, tppId, stored.resourceId, CONSENT).orElseThrow();

        Account a = found.account();
        assertEquals(stored.id, a.id);
        assertEquals(List.of(stored.resourceId, PROVIDER, tppId, "key:DE02100100109307118603", "bank-7",
                        "DE02100100109307118603", "9307118603", "BYLADEM1", "EUR", "Main account", "Girokonto",
                        "CACC", "enabled", "Erika Mustermann", "PRIV", "corp-42"),
                List.of(a.resourceId, a.providerCode, a.tppId, a.accountKey, a.bankAccountId, a.iban, a.bban, a.bic,
                        a.currency, a.name, a.product, a.cashAccountType, a.status, a.ownerName, a.usage,
                        a.corporateId));
        assertEquals(UPDATED, a.updatedAt);

        ConsentAccount cover = found.coverage();
        assertEquals(storedCover.id, cover.id);
        assertEquals(List.of(PROVIDER, tppId, CONSENT), List.of(cover.providerCode, cover.tppId, cover.consentId));
        assertEquals(stored.id, cover.accountId);
        assertTrue(cover.balances);
        assertFalse(cover.transactions);
        assertTrue(cover.ownerName);

        assertEquals(2, found.balances().size());
        Balance first = found.balances().get(0);
        assertEquals(List.of("closingBooked", "1500.25", "USD"), List.of(first.balanceType, first.amount, first.currency));
        assertEquals(stored.id, first.accountId);
        assertEquals(LocalDate.of(2026, 3, 3), first.referenceDate);
        assertEquals(CHANGED, first.lastChangeDateTime);
        Balance second = found.balances().get(1);
        assertTrue(first.id < second.id, "balances come in the order they were stored");
        assertEquals("expected", second.balanceType);
        assertNull(second.referenceDate);
        assertNull(second.lastChangeDateTime);
    }

    /** What a first fetch that failed half-way leaves: the cover, but no snapshot. Such a cover does not count. */
    @Test
    void aCoverWithoutTheConsentsSnapshotIsNoCover() {
        QuarkusTransaction.requiringNew().run(() -> ConsentSnapshot.delete("providerCode = ?1 and tppId = ?2 and "
                + "consentId = ?3", PROVIDER, tppId, CONSENT));

        WithCoverage found = accounts.findWithCoverage(PROVIDER, tppId, stored.resourceId, CONSENT).orElseThrow();

        assertEquals(stored.id, found.account().id);
        assertNull(found.coverage());
    }

    @Test
    void anotherConsentSeesTheAccountWithoutACover() {
        WithCoverage found = accounts.findWithCoverage(PROVIDER, tppId, stored.resourceId, "another-consent").orElseThrow();

        assertEquals(stored.id, found.account().id);
        assertNull(found.coverage());
        assertEquals(2, found.balances().size());
    }

    @Test
    void anAccountWithoutBalancesHasAnEmptyListAndNullsStayNull() {
        Account bare = new Account();
        bare.id = UUID.randomUUID();
        bare.resourceId = UUID.randomUUID().toString();
        bare.providerCode = PROVIDER;
        bare.tppId = tppId;
        bare.accountKey = "bank:bare-1";
        bare.bankAccountId = "bare-1";
        bare.currency = "EUR";
        bare.updatedAt = UPDATED;
        QuarkusTransaction.requiringNew().run(() -> accounts.persist(bare));

        WithCoverage found = accounts.findWithCoverage(PROVIDER, tppId, bare.resourceId, CONSENT).orElseThrow();

        assertTrue(found.balances().isEmpty());
        assertNull(found.coverage());
        assertNull(found.account().iban);
        assertNull(found.account().corporateId);
    }

    /** A card account's own columns and a balance's creditLimitIncluded come through the plain-JDBC read too. */
    @Test
    void readsACardAccountsFieldsAndTheCreditLimitFlag() {
        Account card = new Account();
        card.id = UUID.randomUUID();
        card.resourceId = UUID.randomUUID().toString();
        card.providerCode = PROVIDER;
        card.tppId = tppId;
        card.accountKey = Account.cardKeyOf("card-1");
        card.bankAccountId = "card-1";
        card.currency = "EUR";
        card.card = true;
        card.maskedPan = "525412******3241";
        card.creditLimitAmount = "3000.00";
        card.creditLimitCurrency = "EUR";
        card.updatedAt = UPDATED;
        QuarkusTransaction.requiringNew().run(() -> {
            accounts.persist(card);
            Balance available = balance("interimAvailable", "2800.00", null, null);
            available.accountId = card.id;
            available.creditLimitIncluded = true;
            available.persist();
        });

        WithCoverage found = accounts.findWithCoverage(PROVIDER, tppId, card.resourceId, CONSENT).orElseThrow();

        Account a = found.account();
        assertTrue(a.card);
        assertEquals(List.of("525412******3241", "3000.00", "EUR"),
                List.of(a.maskedPan, a.creditLimitAmount, a.creditLimitCurrency));
        assertEquals(java.util.Map.of("maskedPan", "525412******3241"), a.reference());
        assertEquals(Boolean.TRUE, found.balances().get(0).creditLimitIncluded);
        // a payment account's balance that says nothing of a credit limit reads null, not false
        assertNull(accounts.findWithCoverage(PROVIDER, tppId, stored.resourceId, CONSENT).orElseThrow().balances()
                .get(0).creditLimitIncluded);
        assertFalse(accounts.findWithCoverage(PROVIDER, tppId, stored.resourceId, CONSENT).orElseThrow().account().card);
    }

    /** Every account read runs it: the cover's one row by its whole key, not every cover of the consent. */
    @Test
    void theCoverIsFoundByItsWholeKey() throws SQLException {
        String plan = QueryPlans.explain(dataSource, AccountRepository.WITH_COVERAGE, List.of(CONSENT, PROVIDER, tppId,
                stored.resourceId));

        assertTrue(plan.contains("(account_id = a.id)"), plan);
        assertFalse(plan.contains("Join Filter"), plan);
    }

    @Test
    void anotherTppOrProviderFindsNothing() {
        assertTrue(accounts.findWithCoverage(PROVIDER, "PSDXX-SOMEONE-ELSE", stored.resourceId, CONSENT).isEmpty());
        assertTrue(accounts.findWithCoverage("sandbox2", tppId, stored.resourceId, CONSENT).isEmpty());
        assertTrue(accounts.findWithCoverage(PROVIDER, tppId, UUID.randomUUID().toString(), CONSENT).isEmpty());
    }

    private Account account(String iban) {
        Account a = new Account();
        a.id = UUID.randomUUID();
        a.resourceId = UUID.randomUUID().toString();
        a.providerCode = PROVIDER;
        a.tppId = tppId;
        a.accountKey = "key:" + iban;
        a.bankAccountId = "bank-7";
        a.iban = iban;
        a.bban = "9307118603";
        a.bic = "BYLADEM1";
        a.currency = "EUR";
        a.name = "Main account";
        a.product = "Girokonto";
        a.cashAccountType = "CACC";
        a.status = "enabled";
        a.ownerName = "Erika Mustermann";
        a.usage = "PRIV";
        a.corporateId = "corp-42";
        a.updatedAt = UPDATED.truncatedTo(ChronoUnit.MICROS);
        return a;
    }

    private ConsentSnapshot snapshot() {
        ConsentSnapshot snapshot = new ConsentSnapshot();
        snapshot.providerCode = PROVIDER;
        snapshot.tppId = tppId;
        snapshot.consentId = CONSENT;
        snapshot.aspspConsentId = "bank-consent-1";
        snapshot.fetchedAt = UPDATED;
        return snapshot;
    }

    private Balance balance(String type, String amount, LocalDate referenceDate, Instant lastChange) {
        Balance b = new Balance();
        b.accountId = stored.id;
        b.balanceType = type;
        b.amount = amount;
        // a currency of its own, so that it cannot be read from the account's column by mistake
        b.currency = "USD";
        b.referenceDate = referenceDate;
        b.lastChangeDateTime = lastChange;
        return b;
    }
}
