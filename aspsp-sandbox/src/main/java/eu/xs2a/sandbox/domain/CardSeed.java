package eu.xs2a.sandbox.domain;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * psu1's credit card account (README "Sandbox PSUs"): a masked PAN, a credit limit and some months of card
 * transactions, invoiced at each month's end and paid back on the 15th, with the balances a card account has. Its own
 * random seed and transaction ids, so that adding it left the rest of the seeded data as it was; written by
 * {@link SeedData} in its transaction, also into a bank seeded before card accounts existed.
 */
@ApplicationScoped
public class CardSeed {

    public static final String ACCOUNT_ID = "psu1-card";
    public static final String MASKED_PAN = "525412******3241";
    public static final BigDecimal CREDIT_LIMIT = new BigDecimal("3000.00");
    private static final long RANDOM_SEED = 20260202L;
    private static final int HISTORY_DAYS = 100;
    private static final String PURCHASE = "PMNT-CCRD-POSD";
    private static final String REPAYMENT = "PMNT-RCDT-ESCT";

    /** A card acceptor: name, town, country, merchant category code (ISO 18245). */
    private record Acceptor(String name, String town, String country, String mcc) {
    }

    private static final List<Acceptor> ACCEPTORS = List.of(
            new Acceptor("Lufthansa", "Frankfurt am Main", "DE", "3000"),
            new Acceptor("Hotel Adlon", "Berlin", "DE", "7011"),
            new Acceptor("Amazon EU", "Luxembourg", "LU", "5999"),
            new Acceptor("Shell Station", "Hamburg", "DE", "5541"),
            new Acceptor("Ristorante Da Vinci", "München", "DE", "5812"),
            new Acceptor("Apple Store", "Cork", "IE", "5732"),
            new Acceptor("Booking.com", "Amsterdam", "NL", "4722"),
            new Acceptor("Sixt Autovermietung", "Pullach", "DE", "3357"),
            new Acceptor("Zara", "Köln", "DE", "5651"));

    @Inject EntityManager em;

    private Random random;
    private int sequence;

    /** Writes the card account with its history and balances; the caller holds the seeding lock. */
    public void seed(Psu owner, LocalDate today, Instant now) {
        random = new Random(RANDOM_SEED);
        sequence = 0;
        Account card = new Account();
        card.id = ACCOUNT_ID;
        card.psuId = owner.id;
        card.maskedPan = MASKED_PAN;
        card.bic = SeedData.BIC;
        card.currency = "EUR";
        card.name = "Kreditkarte";
        card.product = "Sandbox Mastercard Gold";
        card.cashAccountType = "CARD";
        card.status = Account.ENABLED;
        card.ownerName = owner.fullName;
        card.usage = "PRIV";
        card.creditLimit = CREDIT_LIMIT;
        card.position = 4;
        em.persist(card);
        em.flush();

        BigDecimal invoicedUnpaid = BigDecimal.ZERO;
        BigDecimal nonInvoiced = BigDecimal.ZERO;
        List<BankTransaction> notInvoiced = new ArrayList<>();
        for (int daysAgo = HISTORY_DAYS; daysAgo >= 1; daysAgo--) {
            LocalDate day = today.minusDays(daysAgo);
            if (day.getDayOfMonth() == 1) {
                // the month's statement: everything booked so far is on the invoice
                notInvoiced.forEach(t -> t.invoiced = true);
                notInvoiced.clear();
                invoicedUnpaid = invoicedUnpaid.add(nonInvoiced);
                nonInvoiced = BigDecimal.ZERO;
            }
            if (day.getDayOfMonth() == 15 && invoicedUnpaid.signum() < 0) {
                BankTransaction repayment = transaction(card, day, day, invoicedUnpaid.negate(),
                        "Ausgleich Kreditkartenabrechnung", REPAYMENT, null);
                repayment.invoiced = true;
                invoicedUnpaid = BigDecimal.ZERO;
            }
            if (random.nextInt(3) != 0) {
                Acceptor acceptor = ACCEPTORS.get(random.nextInt(ACCEPTORS.size()));
                BankTransaction purchase = transaction(card, day, day.minusDays(1 + random.nextInt(2)),
                        amount(8, 400).negate(), acceptor.name(), PURCHASE, acceptor);
                notInvoiced.add(purchase);
                nonInvoiced = nonInvoiced.add(purchase.amount);
            }
        }
        BigDecimal pending = BigDecimal.ZERO;
        for (int i = 0; i < 2; i++) {
            Acceptor acceptor = ACCEPTORS.get(random.nextInt(ACCEPTORS.size()));
            BankTransaction tx = transaction(card, today, today.minusDays(i), amount(10, 120).negate(),
                    acceptor.name(), PURCHASE, acceptor);
            tx.bookingStatus = BankTransaction.PENDING;
            pending = pending.add(tx.amount);
        }
        BigDecimal expected = invoicedUnpaid.add(nonInvoiced).add(pending);
        balance(card, Balance.CLOSING_BOOKED, invoicedUnpaid, false, today.minusDays(1), now);
        balance(card, Balance.NON_INVOICED, nonInvoiced, false, today, now);
        balance(card, Balance.EXPECTED, expected, false, today, now);
        balance(card, Balance.INTERIM_AVAILABLE, CREDIT_LIMIT.add(expected), true, today, now);
    }

    private BankTransaction transaction(Account card, LocalDate bookingDay, LocalDate usedOn, BigDecimal amount,
                                        String details, String code, Acceptor acceptor) {
        sequence++;
        BankTransaction tx = new BankTransaction();
        tx.transactionId = String.format("SBXC-%07d", sequence);
        tx.accountId = card.id;
        tx.entryReference = String.format("CR%010d", sequence);
        tx.endToEndId = "NOTPROVIDED";
        tx.bookingStatus = BankTransaction.BOOKED;
        tx.bookingDate = bookingDay;
        tx.valueDate = bookingDay;
        tx.transactionDate = usedOn;
        tx.amount = amount;
        tx.currency = card.currency;
        tx.remittance = details;
        tx.bankTransactionCode = code;
        tx.maskedPan = card.maskedPan;
        tx.invoiced = false;
        if (acceptor != null) {
            tx.cardAcceptorId = String.format("ACQ%07d", ACCEPTORS.indexOf(acceptor) + 1);
            tx.cardAcceptorTown = acceptor.town();
            tx.cardAcceptorCountry = acceptor.country();
            tx.merchantCategoryCode = acceptor.mcc();
        }
        em.persist(tx);
        return tx;
    }

    private void balance(Account card, String type, BigDecimal amount, boolean creditLimitIncluded,
                         LocalDate referenceDate, Instant now) {
        Balance balance = new Balance();
        balance.accountId = card.id;
        balance.balanceType = type;
        balance.amount = amount;
        balance.creditLimitIncluded = creditLimitIncluded;
        balance.referenceDate = referenceDate;
        balance.lastChange = now;
        em.persist(balance);
    }

    private BigDecimal amount(int min, int max) {
        return BigDecimal.valueOf(min * 100L + random.nextInt((max - min) * 100), 2);
    }
}
