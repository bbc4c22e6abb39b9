package eu.xs2a.sandbox.domain;

import eu.xs2a.sandbox.persistence.PsuRepository;
import io.quarkus.runtime.StartupEvent;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.Readiness;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Random;
import org.jboss.logging.Logger;

/**
 * Writes the sandbox bank's customers, accounts, balances and history at start, once: the same data on every
 * run (a fixed random seed; dates relative to the day of seeding so the history is always recent). A database
 * that already has them (psu1) is left alone. PSUs added later (psu-slow-data) come with their own migration. An advisory lock keeps two instances from seeding at the same time.
 */
@ApplicationScoped
public class SeedData {

    private static final Logger LOG = Logger.getLogger(SeedData.class);

    /** All sandbox PSUs log in with this password (README). */
    public static final String PASSWORD = "sandbox";
    public static final String BANK_CODE = "10020030";
    public static final String BIC = "SBOXDEBBXXX";
    public static final String CORPORATE_ID = "ERIKA-CORP-1";
    private static final long RANDOM_SEED = 20260101L;
    private static final long SEED_LOCK = 4_090_001L;
    private static final int HISTORY_DAYS = 150;

    private static final String CARD = "PMNT-CCRD-POSD";
    private static final String TRANSFER_OUT = "PMNT-ICDT-ESCT";
    private static final String TRANSFER_IN = "PMNT-RCDT-ESCT";
    private static final String INTEREST = "PMNT-MCOP-INTR";

    private static final List<String> MERCHANTS = List.of("REWE Markt", "Lidl", "dm-drogerie markt", "Deutsche Bahn",
            "Shell Tankstelle", "Bäckerei Kamps", "Amazon EU", "Zalando SE", "Apotheke am Markt", "Cinemaxx",
            "Edeka Center", "IKEA Deutschland", "MediaMarkt", "Spotify AB", "Café Central");
    private static final List<String> CUSTOMERS = List.of("Nordlicht GmbH", "Berg & Tal KG", "Hansen Consulting",
            "Weber Logistik AG", "Studio Klang", "Meyer Bau GmbH");

    @Inject EntityManager em;
    @Inject PsuRepository psus;
    @Inject CardSeed cards;
    @Inject Clock clock;

    @Inject
    @Readiness // the health check's qualifier
    SeedReadiness readiness;

    private int sequence;
    private Random random;

    void onStart(@Observes StartupEvent event) {
        seedIfEmpty();
        readiness.markSeeded();
    }

    @Transactional
    public void seedIfEmpty() {
        em.createNativeQuery("select pg_advisory_xact_lock(" + SEED_LOCK + ")").getSingleResult();
        // psu1 rather than any PSU: later PSUs come with migrations (V8__psu_slow_data.sql), which run before this
        LocalDate today = LocalDate.now(clock);
        Instant now = clock.instant();
        if (psus.findByIdOptional("psu1").isPresent()) {
            LOG.debug("bank data already seeded");
        } else {
            seedPsus(today, now);
        }
        // psu1's card account came later: a bank seeded before it gets it now, with its own history
        if (em.find(Account.class, CardSeed.ACCOUNT_ID) == null) {
            cards.seed(em.find(Psu.class, "psu1"), today, now);
            LOG.infof("seeded psu1's card account %s", CardSeed.MASKED_PAN);
        }
    }

    private void seedPsus(LocalDate today, Instant now) {
        random = new Random(RANDOM_SEED);
        sequence = 0;

        psu("psu1", "Erika Mustermann", Psu.Behaviour.NORMAL);
        Account main = account("psu1-main", "psu1", "0100000011", "Girokonto", "Girokonto Plus", "CACC", 1, null);
        Account business = account("psu1-business", "psu1", "0100000029", "Geschäftskonto", "Business Konto", "CACC", 2, CORPORATE_ID);
        Account savings = account("psu1-savings", "psu1", "0100000037", "Tagesgeld", "Tagesgeld Flex", "SVGS", 3, null);
        privateHistory(main, savings, new BigDecimal("2500.00"), today, now);
        businessHistory(business, new BigDecimal("12000.00"), today, now);
        savingsHistory(savings, main, new BigDecimal("8000.00"), today, now);

        psu("psu-fail", "Felix Fehler", Psu.Behaviour.FAIL_SCA);
        Account fail = account("psu-fail-main", "psu-fail", "0200000014", "Girokonto", "Girokonto", "CACC", 1, null);
        simpleHistory(fail, new BigDecimal("1500.00"), 20, today, now);

        psu("psu-poor", "Paula Pleite", Psu.Behaviour.NORMAL);
        Account poor = account("psu-poor-main", "psu-poor", "0300000017", "Girokonto", "Basiskonto", "CACC", 1, null);
        emptiedHistory(poor, today, now);

        psu("psu-blocked", "Bruno Block", Psu.Behaviour.NORMAL);
        Account blocked = account("psu-blocked-main", "psu-blocked", "0400000010", "Girokonto", "Girokonto", "CACC", 1, null);
        blocked.status = Account.BLOCKED;
        simpleHistory(blocked, new BigDecimal("900.00"), 10, today, now);

        psu("psu-slow", "Stefan Schnecke", Psu.Behaviour.SLOW);
        Account slow = account("psu-slow-main", "psu-slow", "0500000013", "Girokonto", "Girokonto", "CACC", 1, null);
        simpleHistory(slow, new BigDecimal("2000.00"), 20, today, now);

        // migration V7 adds the same PSU and account to a bank seeded before it (without the history)
        psu("psu-revoked-later", "Rita Widerruf", Psu.Behaviour.REVOKED_LATER);
        Account revokedLater = account("psu-revoked-later-main", "psu-revoked-later", "0600000016", "Girokonto", "Girokonto", "CACC", 1, null);
        simpleHistory(revokedLater, new BigDecimal("1800.00"), 20, today, now);

        LOG.infof("seeded the sandbox bank: 6 PSUs, %d transactions", sequence);
    }

    private void psu(String id, String name, Psu.Behaviour behaviour) {
        byte[] salt = new byte[16];
        random.nextBytes(salt);
        Psu psu = new Psu();
        psu.id = id;
        psu.fullName = name;
        psu.behaviour = behaviour;
        // psu1 has two embedded methods, so a TPP must select one (V9__sca_approaches.sql)
        psu.scaMethods = id.equals("psu1") ? "sms,chip" : "sms";
        psu.passwordHash = PasswordHasher.hash(PASSWORD, salt);
        em.persist(psu);
        em.flush();
    }

    private Account account(String id, String psuId, String accountNumber, String name, String product,
                            String cashAccountType, int position, String corporateId) {
        Account account = new Account();
        account.id = id;
        account.psuId = psuId;
        account.bban = BANK_CODE + accountNumber;
        account.iban = Iban.of("DE", account.bban);
        account.bic = BIC;
        account.currency = "EUR";
        account.name = name;
        account.product = product;
        account.cashAccountType = cashAccountType;
        account.status = Account.ENABLED;
        account.ownerName = em.find(Psu.class, psuId).fullName;
        account.usage = corporateId == null ? "PRIV" : "ORGA";
        account.corporateId = corporateId;
        account.position = position;
        em.persist(account);
        em.flush();
        return account;
    }

    /** Salary, rent, utilities, a monthly saving and one to three card payments a day; a few pending ones. */
    private void privateHistory(Account account, Account savings, BigDecimal opening, LocalDate today, Instant now) {
        BigDecimal booked = opening;
        for (int daysAgo = HISTORY_DAYS; daysAgo >= 1; daysAgo--) {
            LocalDate day = today.minusDays(daysAgo);
            if (daysAgo % 30 == 5) {
                booked = booked.add(credit(account, day, "Sandbox Arbeitgeber AG", counterparty(90), new BigDecimal("3200.00"), "Gehalt / Salary"));
                booked = booked.add(debit(account, day, "Hausverwaltung Sonnenhof", counterparty(91), new BigDecimal("1150.00"), "Miete Wohnung 3B", TRANSFER_OUT));
            }
            if (daysAgo % 30 == 12) {
                booked = booked.add(debit(account, day, "Stadtwerke Sandbox", counterparty(92), amount(60, 95), "Strom und Gas Abschlag", TRANSFER_OUT));
                booked = booked.add(debit(account, day, savings.ownerName, savings.iban, new BigDecimal("300.00"), "Sparen", TRANSFER_OUT));
            }
            int cardPayments = random.nextInt(4);
            for (int i = 0; i < cardPayments; i++) {
                int merchant = random.nextInt(MERCHANTS.size());
                booked = booked.add(debit(account, day, MERCHANTS.get(merchant), counterparty(merchant), amount(2, 60),
                        "Kartenzahlung " + MERCHANTS.get(merchant), CARD));
            }
        }
        BigDecimal pending = BigDecimal.ZERO;
        for (int i = 0; i < 3; i++) {
            int merchant = random.nextInt(MERCHANTS.size());
            BankTransaction tx = transaction(account, today.minusDays(i % 2), MERCHANTS.get(merchant), counterparty(merchant),
                    account.ownerName, account.iban, amount(5, 40).negate(), "Kartenzahlung vorgemerkt", CARD);
            tx.bookingStatus = BankTransaction.PENDING;
            pending = pending.add(tx.amount);
        }
        balances(account, booked, pending, today, now);
    }

    /** Invoices paid by customers and supplier payments, most days. */
    private void businessHistory(Account account, BigDecimal opening, LocalDate today, Instant now) {
        BigDecimal booked = opening;
        for (int daysAgo = HISTORY_DAYS; daysAgo >= 1; daysAgo--) {
            LocalDate day = today.minusDays(daysAgo);
            if (random.nextInt(3) == 0) {
                int customer = random.nextInt(CUSTOMERS.size());
                booked = booked.add(credit(account, day, CUSTOMERS.get(customer), counterparty(50 + customer), amount(200, 2500),
                        "Rechnung RE-" + (1000 + sequence)));
            }
            if (random.nextInt(3) == 0) {
                int supplier = random.nextInt(CUSTOMERS.size());
                booked = booked.add(debit(account, day, CUSTOMERS.get(supplier), counterparty(60 + supplier), amount(100, 1500),
                        "Lieferung " + (5000 + sequence), TRANSFER_OUT));
            }
        }
        balances(account, booked, BigDecimal.ZERO, today, now);
    }

    private void savingsHistory(Account account, Account from, BigDecimal opening, LocalDate today, Instant now) {
        BigDecimal booked = opening;
        for (int daysAgo = HISTORY_DAYS; daysAgo >= 1; daysAgo--) {
            LocalDate day = today.minusDays(daysAgo);
            if (daysAgo % 30 == 12) {
                booked = booked.add(credit(account, day, from.ownerName, from.iban, new BigDecimal("300.00"), "Sparen"));
            }
            if (daysAgo % 30 == 0) {
                BankTransaction tx = transaction(account, day, account.ownerName, account.iban, "Sandbox Bank", counterparty(99),
                        booked.multiply(new BigDecimal("0.0025")).setScale(2, RoundingMode.HALF_EVEN), "Zinsen", INTEREST);
                booked = booked.add(tx.amount);
            }
        }
        balances(account, booked, BigDecimal.ZERO, today, now);
    }

    /** An account opened with one credit, then a few small card payments. */
    private void simpleHistory(Account account, BigDecimal opening, int payments, LocalDate today, Instant now) {
        BigDecimal booked = credit(account, today.minusDays(HISTORY_DAYS), "Sandbox Arbeitgeber AG", counterparty(90), opening, "Gehalt / Salary");
        for (int i = 0; i < payments; i++) {
            int merchant = random.nextInt(MERCHANTS.size());
            booked = booked.add(debit(account, today.minusDays(HISTORY_DAYS - 1 - i * 7L), MERCHANTS.get(merchant),
                    counterparty(merchant), amount(2, 30), "Kartenzahlung " + MERCHANTS.get(merchant), CARD));
        }
        balances(account, booked, BigDecimal.ZERO, today, now);
    }

    /** Money in, then exactly the same out: the account ends at zero. */
    private void emptiedHistory(Account account, LocalDate today, Instant now) {
        BigDecimal in = new BigDecimal("450.00");
        credit(account, today.minusDays(40), "Jobcenter Sandbox", counterparty(93), in, "Leistungen");
        debit(account, today.minusDays(38), "Hausverwaltung Sonnenhof", counterparty(91), new BigDecimal("380.00"), "Miete", TRANSFER_OUT);
        debit(account, today.minusDays(20), "Lidl", counterparty(1), new BigDecimal("70.00"), "Kartenzahlung Lidl", CARD);
        balances(account, BigDecimal.ZERO, BigDecimal.ZERO, today, now);
    }

    private BigDecimal credit(Account account, LocalDate day, String debtorName, String debtorIban, BigDecimal amount, String text) {
        return transaction(account, day, account.ownerName, account.iban, debtorName, debtorIban, amount, text, TRANSFER_IN).amount;
    }

    private BigDecimal debit(Account account, LocalDate day, String creditorName, String creditorIban, BigDecimal amount,
                             String text, String code) {
        return transaction(account, day, creditorName, creditorIban, account.ownerName, account.iban, amount.negate(), text, code).amount;
    }

    private BankTransaction transaction(Account account, LocalDate day, String creditorName, String creditorIban,
                                        String debtorName, String debtorIban, BigDecimal amount, String text, String code) {
        sequence++;
        BankTransaction tx = new BankTransaction();
        tx.transactionId = String.format("SBX-%07d", sequence);
        tx.accountId = account.id;
        tx.entryReference = String.format("ER%010d", sequence);
        tx.endToEndId = String.format("E2E-SBX-%07d", sequence);
        tx.bookingStatus = BankTransaction.BOOKED;
        tx.bookingDate = day;
        tx.valueDate = code.equals(CARD) ? day.minusDays(1) : day;
        tx.amount = amount;
        tx.currency = account.currency;
        tx.creditorName = creditorName;
        tx.creditorIban = creditorIban;
        tx.debtorName = debtorName;
        tx.debtorIban = debtorIban;
        tx.remittance = text;
        tx.bankTransactionCode = code;
        em.persist(tx);
        return tx;
    }

    /** Every balance type of a payment account; none counts a credit limit in (the sandbox grants none). */
    private void balances(Account account, BigDecimal booked, BigDecimal pending, LocalDate today, Instant now) {
        balance(account, Balance.CLOSING_BOOKED, booked, today.minusDays(1), now);
        balance(account, Balance.INTERIM_BOOKED, booked, today, now);
        balance(account, Balance.INTERIM_AVAILABLE, booked.add(pending), today, now);
        balance(account, Balance.EXPECTED, booked.add(pending), today, now);
        balance(account, Balance.FORWARD_AVAILABLE, booked.add(pending), today.plusDays(1), now);
    }

    private void balance(Account account, String type, BigDecimal amount, LocalDate referenceDate, Instant now) {
        Balance balance = new Balance();
        balance.accountId = account.id;
        balance.balanceType = type;
        balance.amount = amount;
        balance.referenceDate = referenceDate;
        balance.lastChange = now;
        balance.creditLimitIncluded = false;
        em.persist(balance);
    }

    /** A stable, valid counterparty IBAN at another (fictional) bank. */
    private static String counterparty(int n) {
        return Iban.of("DE", "20030040" + String.format("%010d", 7_000_000L + n));
    }

    private BigDecimal amount(int min, int max) {
        int cents = min * 100 + random.nextInt((max - min) * 100);
        return BigDecimal.valueOf(cents, 2);
    }
}
