package eu.xs2a.sandbox.domain;

import eu.xs2a.sandbox.config.SandboxConfig;
import eu.xs2a.sandbox.persistence.AccountRepository;
import eu.xs2a.sandbox.persistence.PaymentEntryRepository;
import eu.xs2a.sandbox.persistence.PaymentRepository;
import eu.xs2a.sandbox.persistence.ScaLinkRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Currency;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;

/** Payment orders: submission (idempotent), execution after SCA, settlement, cancellation. */
@ApplicationScoped
public class PaymentService {

    /** The payment products the sandbox bank executes. */
    public static final Set<String> PRODUCTS = Set.of("sepa-credit-transfers", "instant-sepa-credit-transfers",
            "target-2-payments", "cross-border-credit-transfers");
    /** The products in euro only: the SEPA schemes and TARGET2. */
    private static final Set<String> EURO_PRODUCTS = Set.of("sepa-credit-transfers", "instant-sepa-credit-transfers",
            "target-2-payments");
    private static final String CROSS_BORDER = "cross-border-credit-transfers";
    /** ISO 9362: 4 letters bank, 2 country, 2 location, optional 3 branch. */
    private static final Pattern BIC = Pattern.compile("[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?");
    /** The amounts this bank holds have at most 2 decimals. */
    private static final int MAX_DECIMALS = 2;
    /** The most credit transfers this bank takes in one bulk. */
    static final int MAX_BULK_ENTRIES = 1000;

    /** A submitted payment, its SCA link, and whether this call created it (false: an idempotent retry). */
    public record Submitted(Payment payment, ScaLink link, boolean created) {
    }

    /** The answer to a cancellation request: the payment and, when the PSU must authorise it, the link. */
    public record Cancellation(Payment payment, Optional<ScaLink> link) {
    }

    @Inject PaymentRepository payments;
    @Inject PaymentEntryRepository entries;
    @Inject AccountRepository accounts;
    @Inject Ledger ledger;
    @Inject ScaLinkRepository links;
    @Inject FundsService funds;
    @Inject SlowPsus slow;
    @Inject PayeeVerifier payees;
    @Inject EntityManager em;
    @Inject SandboxConfig config;
    @Inject Clock clock;
    @Inject ApiScaService apiSca;

    /**
     * Stores a submitted payment with its SCA link; {@code decoupled} (the gateway chose DECOUPLED, naming the PSU)
     * pushes the approval to the PSU's app at once (BANK-API.md "SCA through the API").
     */
    @Transactional
    public Submitted submit(PaymentOrder order, boolean decoupled) {
        BigDecimal amount = order.entries() == null ? validate(order) : validateBulk(order);
        Optional<Account> debtor = order.debtorAccount() == null ? Optional.empty() : accounts.byRef(order.debtorAccount());
        slow.delayIfSlow(order.psuId(), debtor.map(a -> a.psuId).orElse(null));
        // one submission per idempotency key at a time, across instances
        em.createNativeQuery("select pg_advisory_xact_lock(hashtext(:key))").setParameter("key", order.idempotencyKey()).getSingleResult();
        Optional<Payment> existing = payments.byIdempotencyKey(order.idempotencyKey());
        if (existing.isPresent()) {
            ScaLink link = links.find("resourceId = ?1 and kind = ?2", existing.get().id, ScaLink.Kind.PAYMENT).firstResult();
            return new Submitted(existing.get(), link, false);
        }
        Instant now = clock.instant();
        Payment payment = new Payment();
        payment.id = "BP-" + UUID.randomUUID();
        payment.idempotencyKey = order.idempotencyKey();
        payment.paymentProduct = order.paymentProduct();
        payment.tppId = order.tppId();
        payment.tppName = order.tppName();
        payment.requestedPsuId = order.psuId();
        payment.toldOfTheRequest(order.psuContext(), order.tppBrand());
        payment.rejectionNoFundsPreferred = order.rejectionNoFundsPreferred();
        payment.debtorIban = debtor.map(a -> a.iban).orElse(order.debtorAccount() == null ? null : order.debtorAccount().label());
        payment.debtorAccountId = debtor.map(a -> a.id).orElse(null);
        payment.creditorName = order.entries() == null ? order.creditorName() : order.entries().size() + " payments";
        payment.creditorIban = order.entries() == null ? Iban.normalise(order.creditorAccount().iban()) : null;
        payment.creditorAddress = order.creditorAddressJson();
        payment.creditorAgent = order.creditorAgent();
        payment.creditorAgentName = order.creditorAgentName();
        if (order.entries() == null) { // a bulk's entries are each verified (storeEntries)
            payees.verify(order.paymentProduct(), payment.creditorIban, order.creditorName()).ifPresent(verification -> {
                payment.payeeVerification = verification.result();
                payment.payeeMatchedName = verification.matchedName();
            });
        }
        payment.amount = amount;
        payment.currency = order.entries() == null ? order.currency() : order.entries().get(0).currency();
        payment.remittance = order.remittanceInformationUnstructured();
        payment.endToEndId = order.endToEndIdentification();
        payment.requestedExecutionDate = order.requestedExecutionDate();
        if (order.standingOrder() != null) {
            payment.keepStandingOrder(order.standingOrder());
        }
        payment.returnUrl = order.returnUrl();
        payment.transactionStatus = TransactionStatus.RCVD;
        payment.scaStatus = ScaStatus.received;
        payment.createdAt = now;
        payments.persist(payment);
        if (order.entries() != null) {
            payment.batchBooking = Boolean.TRUE.equals(order.batchBookingPreferred());
            storeEntries(payment, order.entries());
        }
        ScaLink link = ScaLink.issue(ScaLink.Kind.PAYMENT, payment.id, now);
        links.persist(link);
        if (decoupled) {
            apiSca.startDecoupled(link, order.psuId());
        }
        return new Submitted(payment, link, true);
    }

    /** The payment submitted with this idempotency key, if any; without a key → 400. */
    @Transactional
    public Optional<Payment> findByIdempotencyKey(String idempotencyKey) {
        if (idempotencyKey == null || idempotencyKey.isBlank()) {
            throw BankException.badRequest("the query parameter idempotencyKey is required");
        }
        return payments.byIdempotencyKey(idempotencyKey);
    }

    @Transactional
    public Payment get(String bankPaymentId) {
        Payment payment = require(bankPaymentId);
        slowIfSlow(payment);
        return payment;
    }

    /**
     * Cancels at once before authorisation; else a cancellation SCA for the PSU who authorised the payment, whose
     * approval goes to that PSU's app at once when {@code decoupled}.
     */
    @Transactional
    public Cancellation cancel(String bankPaymentId, String returnUrl, boolean decoupled,
                               Map<String, String> psuContext) {
        // locked (links first, as a PSU's step does): a second cancellation waits for the first instead of failing
        // on the row's version
        links.lockAllOf(bankPaymentId);
        Payment payment = payments.lock(bankPaymentId).orElseThrow(() -> unknown(bankPaymentId));
        slowIfSlow(payment);
        if (payment.awaitsAuthorisation()) {
            payment.cancelBeforeAuthorisation();
            links.closeAllOf(payment.id);
            return new Cancellation(payment, Optional.empty());
        }
        if (returnUrl == null || returnUrl.isBlank()) {
            throw BankException.badRequest("returnUrl is required to cancel an authorised payment");
        }
        payment.requestCancellation(returnUrl);
        payment.toldOfTheStep(psuContext); // the request that starts the cancellation's SCA
        // only the newest cancellation link can be completed, as the gateway only follows the newest authorisation
        links.replaceOpen(payment.id, ScaLink.Kind.CANCELLATION);
        ScaLink link = ScaLink.issue(ScaLink.Kind.CANCELLATION, payment.id, clock.instant());
        links.persist(link);
        if (decoupled) {
            apiSca.startDecoupled(link, payment.psuId);
        }
        return new Cancellation(payment, Optional.of(link));
    }

    public Payment require(String bankPaymentId) {
        return payments.findByIdOptional(bankPaymentId).orElseThrow(() -> unknown(bankPaymentId));
    }

    private static BankException unknown(String bankPaymentId) {
        return BankException.notFound("PAYMENT_UNKNOWN", "no payment " + bankPaymentId);
    }

    /**
     * The PSU confirmed with the OTP: ACTC, then the bank's checks at once: account status and currency, funds
     * (interimAvailable, locked) → ACSP with the amount reserved, or RJCT with the reason.
     */
    public void execute(Payment payment) {
        payment.authorise(clock.instant());
        Account debtor = accounts.findById(payment.debtorAccountId);
        if (Account.BLOCKED.equals(debtor.status)) {
            payment.rejectAfterChecks(Payment.REASON_BLOCKED_ACCOUNT, false);
            return;
        }
        if (Account.DELETED.equals(debtor.status)) {
            payment.rejectAfterChecks(Payment.REASON_CLOSED_ACCOUNT, false);
            return;
        }
        Optional<BigDecimal> debit = debitOf(payment, debtor);
        if (debit.isEmpty()) {
            payment.rejectAfterChecks(Payment.REASON_WRONG_CURRENCY, false);
            return;
        }
        payment.debitAmount = debit.get();
        if (payment.isStandingOrder()) {
            // each occurrence is checked and booked on its day (executeDueOccurrences): nothing is reserved now
            payment.acceptStandingOrder();
            return;
        }
        List<Balance> locked = ledger.lockBalances(debtor.id);
        if (payment.isBulk() && !payment.batchBooking) {
            executeEntries(payment, debtor, locked);
            return;
        }
        if (!funds.covers(debtor, debtor.currency, payment.debitAmount)) {
            if (payment.waitsForFundsWhenShort()) {
                payment.awaitFunds(clock.instant().plus(config.fundsWait()));
                return;
            }
            payment.rejectAfterChecks(Payment.REASON_INSUFFICIENT_FUNDS, false);
            return;
        }
        ledger.reserve(locked, payment.debitAmount, clock.instant());
        payment.acceptForExecution();
    }

    /**
     * Up to {@code batch} payments waiting for funds (TPP-Rejection-NoFunds-Preferred false), those waiting longest
     * first: each is accepted with the amount reserved once its debtor account covers it, or rejected (AM04) once its
     * wait is over; locked and checked again once locked, as settlement is. Returns those whose status changed.
     */
    public List<Payment> retryAwaitingFunds(int batch) {
        Instant now = clock.instant();
        List<Payment> changed = new java.util.ArrayList<>();
        for (Payment payment : payments.lockAwaitingFunds(batch)) {
            Account debtor = accounts.findById(payment.debtorAccountId);
            List<Balance> locked = ledger.lockBalances(debtor.id);
            if (funds.covers(debtor, debtor.currency, payment.debitAmount)) {
                ledger.reserve(locked, payment.debitAmount, now);
                payment.acceptForExecution();
                changed.add(payment);
            } else if (!now.isBefore(payment.awaitsFundsUntil)) {
                payment.rejectAfterChecks(Payment.REASON_INSUFFICIENT_FUNDS, false);
                changed.add(payment);
            }
        }
        return changed;
    }

    /**
     * The debit in the debtor account's currency: the amount in that currency; a cross-border credit transfer in
     * another currency converted at the bank's rate; else none (RJCT AM03).
     */
    private Optional<BigDecimal> debitOf(Payment payment, Account debtor) {
        if (debtor.currency.equals(payment.currency)) {
            return Optional.of(payment.amount);
        }
        if (!CROSS_BORDER.equals(payment.paymentProduct) || !Account.EURO.equals(debtor.currency)) {
            return Optional.empty();
        }
        return Optional.ofNullable(config.fxRates().get(payment.currency))
                .map(perEuro -> payment.amount.divide(perEuro, 2, RoundingMode.HALF_UP));
    }

    /** The PSU authorised the cancellation of an accepted payment: the reservation is released. */
    public void cancelAuthorised(Payment payment) {
        boolean reserved = payment.transactionStatus == TransactionStatus.ACSP && !payment.isStandingOrder();
        payment.cancellationAuthorised();
        if (reserved) {
            ledger.release(payment.debtorAccountId, payment.debit(), clock.instant());
        }
    }

    /**
     * Settles up to {@code batch} accepted payments that are due: {@code sandbox.settlement-delay} has passed since
     * authorisation and the requested execution date has come. They are locked and checked again once locked.
     */
    public List<Payment> settleDue(int batch) {
        List<Payment> due = payments.lockDueForSettlement(clock.instant().minus(config.settlementDelay()), LocalDate.now(clock), batch);
        due.forEach(this::settle);
        return due;
    }

    /**
     * Executes up to {@code batch} standing-order occurrences that are due (their day has come at the bank): each
     * is booked on the debtor's account (and a creditor's of ours) when its funds cover it, else skipped (a real bank
     * tells its customer); then the next occurrence is scheduled, or after the last the order is ACSC. Locked and
     * checked again once locked, as settlement is. Returns the orders that ended (their status changed).
     */
    public List<Payment> executeDueOccurrences(int batch) {
        Instant now = clock.instant();
        List<Payment> ended = new java.util.ArrayList<>();
        for (Payment order : payments.lockDueOccurrences(LocalDate.now(clock), batch)) {
            Account debtor = accounts.findById(order.debtorAccountId);
            List<Balance> locked = ledger.lockBalances(debtor.id);
            if (funds.covers(debtor, debtor.currency, order.debit())) {
                Optional<Account> creditor = accounts.byIban(order.creditorIban)
                        .filter(a -> a.currency.equals(order.currency));
                ledger.bookOccurrence(order, order.nextOccurrence, locked, debtor, creditor, now);
            }
            order.occurrenceExecuted(now);
            if (!order.isStandingOrder() || order.nextOccurrence == null) {
                ended.add(order);
            }
        }
        return ended;
    }

    /** Books an accepted payment: ACSC, a booked transaction on the debtor (and on the creditor if it is ours). */
    public void settle(Payment payment) {
        Instant now = clock.instant();
        Account debtor = accounts.findById(payment.debtorAccountId);
        if (payment.isBulk()) {
            settleBulk(payment, debtor, now);
            return;
        }
        payment.settle(now);
        Optional<Account> creditor = accounts.byIban(payment.creditorIban).filter(a -> a.currency.equals(payment.currency));
        ledger.bookSettlement(payment, debtor, creditor, now);
    }

    /** A bulk's entries in the order submitted; none for a single payment. */
    public List<PaymentEntry> entriesOf(Payment payment) {
        return payment.isBulk() ? entries.of(payment.id) : List.of();
    }

    private void storeEntries(Payment bulk, List<PaymentOrder.Entry> orders) {
        for (int i = 0; i < orders.size(); i++) {
            PaymentOrder.Entry order = orders.get(i);
            PaymentEntry entry = new PaymentEntry();
            entry.id = "BP-" + UUID.randomUUID();
            entry.paymentId = bulk.id;
            entry.position = i;
            entry.creditorName = order.creditorName();
            entry.creditorIban = Iban.normalise(order.creditorAccount().iban());
            entry.creditorAddress = order.creditorAddressJson();
            entry.creditorAgent = order.creditorAgent();
            entry.creditorAgentName = order.creditorAgentName();
            entry.amount = new BigDecimal(order.amount()).setScale(2);
            entry.currency = order.currency();
            entry.remittance = order.remittanceInformationUnstructured();
            entry.endToEndId = order.endToEndIdentification();
            // Verification of Payee for every credit transfer of the bulk, as for a single one
            payees.verify(bulk.paymentProduct, entry.creditorIban, entry.creditorName).ifPresent(verification -> {
                entry.payeeVerification = verification.result();
                entry.payeeMatchedName = verification.matchedName();
            });
            entries.persist(entry);
        }
    }

    /**
     * A bulk without batch booking: each entry on its own, in order. An entry the funds (interimAvailable, less what
     * the entries before it reserved) cannot cover is rejected alone (AM04); the bulk is accepted with the others
     * reserved, or rejected (AM04) when no entry is covered.
     */
    private void executeEntries(Payment bulk, Account debtor, List<Balance> locked) {
        BigDecimal accepted = BigDecimal.ZERO;
        for (PaymentEntry entry : entries.of(bulk.id)) {
            if (funds.covers(debtor, debtor.currency, entry.amount)) {
                ledger.reserve(locked, entry.amount, clock.instant());
                accepted = accepted.add(entry.amount);
            } else {
                entry.rejectedReason = Payment.REASON_INSUFFICIENT_FUNDS;
            }
        }
        if (accepted.signum() == 0) {
            bulk.rejectAfterChecks(Payment.REASON_INSUFFICIENT_FUNDS, false);
            return;
        }
        bulk.debitAmount = accepted;
        bulk.acceptForExecution();
    }

    /**
     * Books a bulk: with batch booking one debit of the total, else one debit per accepted entry; a credit for each
     * entry whose creditor account is ours. ACSC, or PART when some entries were rejected alone.
     */
    private void settleBulk(Payment bulk, Account debtor, Instant now) {
        List<PaymentEntry> booked = entries.of(bulk.id).stream().filter(e -> e.rejectedReason == null).toList();
        if (booked.size() < entries.of(bulk.id).size()) {
            bulk.settlePartly(now);
        } else {
            bulk.settle(now);
        }
        if (bulk.batchBooking) {
            ledger.bookSettlement(bulk, debtor, Optional.empty(), now);
        }
        for (PaymentEntry entry : booked) {
            Payment single = entry.asPayment(bulk);
            Optional<Account> creditor = accounts.byIban(entry.creditorIban).filter(a -> a.currency.equals(entry.currency));
            if (bulk.batchBooking) {
                creditor.ifPresent(account -> ledger.bookCredit(single, account, debtor, now));
            } else {
                ledger.bookSettlement(single, debtor, creditor, now);
            }
        }
    }

    /**
     * A bulk: the common fields, then each entry as a single payment of the bulk's debtor (an error names the entry:
     * {@code payments[1].creditorAccount.iban …}); all entries in one currency. Returns the total.
     */
    private BigDecimal validateBulk(PaymentOrder order) {
        if (order.entries().isEmpty() || order.entries().size() > MAX_BULK_ENTRIES) {
            throw BankException.badRequest("payments must hold 1 to " + MAX_BULK_ENTRIES + " credit transfers");
        }
        if (order.debtorAccount() == null) {
            throw BankException.badRequest("debtorAccount is required for a bulk payment");
        }
        BigDecimal total = BigDecimal.ZERO;
        String currency = order.entries().get(0).currency();
        for (int i = 0; i < order.entries().size(); i++) {
            PaymentOrder.Entry entry = order.entries().get(i);
            try {
                total = total.add(validate(order.single(entry)));
            } catch (BankException e) {
                throw BankException.badRequest("payments[" + i + "]." + e.getMessage());
            }
            if (!entry.currency().equals(currency)) {
                throw BankException.badRequest("payments[" + i + "].instructedAmount.currency must be the bulk's "
                        + currency + ", not " + entry.currency());
            }
        }
        return total;
    }

    private void slowIfSlow(Payment payment) {
        Optional<Account> debtor = payment.debtorAccountId == null ? Optional.empty() : accounts.findByIdOptional(payment.debtorAccountId);
        slow.delayIfSlow(payment.psuId, payment.requestedPsuId, debtor.map(a -> a.psuId).orElse(null));
    }

    private BigDecimal validate(PaymentOrder order) {
        require(order.idempotencyKey(), "idempotencyKey");
        require(order.tppId(), "tppId");
        require(order.tppName(), "tppName");
        TppFields.requireFitting(order.tppId(), order.tppName());
        require(order.creditorName(), "creditorName");
        require(order.returnUrl(), "returnUrl");
        require(order.currency(), "instructedAmount.currency");
        require(order.amount(), "instructedAmount.amount");
        if (order.standingOrder() != null) {
            order.standingOrder().validate();
        }
        if (!PRODUCTS.contains(order.paymentProduct())) {
            throw BankException.badRequest("paymentProduct " + order.paymentProduct() + " is not offered; one of " + PRODUCTS);
        }
        if (order.creditorAccount() == null || !Iban.isValid(order.creditorAccount().iban())) {
            throw BankException.badRequest("creditorAccount.iban must be a valid IBAN");
        }
        if (order.debtorAccount() != null) {
            if (order.debtorAccount().iban() == null && order.debtorAccount().bban() == null) {
                throw BankException.badRequest("debtorAccount must name an iban or bban");
            }
            if (order.debtorAccount().iban() != null && !Iban.isValid(order.debtorAccount().iban())) {
                throw BankException.badRequest("debtorAccount.iban is not a valid IBAN: " + order.debtorAccount().iban());
            }
        }
        int decimals = decimalsOf(order.currency());
        String shape = "\\d{1,15}" + (decimals > 0 ? "(\\.\\d{1," + decimals + "})?" : "");
        if (!order.amount().matches(shape) || new BigDecimal(order.amount()).signum() <= 0) {
            throw BankException.badRequest("instructedAmount.amount must be a positive amount with at most " + decimals
                    + " decimals in " + order.currency() + ", not " + order.amount());
        }
        if (EURO_PRODUCTS.contains(order.paymentProduct()) && !Account.EURO.equals(order.currency())) {
            throw BankException.badRequest(order.paymentProduct() + " is in EUR only, not " + order.currency());
        }
        if (CROSS_BORDER.equals(order.paymentProduct())
                && (order.creditorAgent() == null || !BIC.matcher(order.creditorAgent()).matches())) {
            throw BankException.badRequest("creditorAgent must be the BIC of the creditor's bank for " + CROSS_BORDER);
        }
        return new BigDecimal(order.amount()).setScale(2);
    }

    private static void require(String value, String field) {
        if (value == null || value.isBlank()) {
            throw BankException.badRequest(field + " is required");
        }
    }

    /** ISO 4217's decimals of the currency; a currency with more than this bank holds is refused. */
    private static int decimalsOf(String code) {
        int decimals;
        try {
            decimals = Currency.getInstance(code).getDefaultFractionDigits();
        } catch (IllegalArgumentException e) {
            throw BankException.badRequest("instructedAmount.currency must be an ISO 4217 code, not " + code);
        }
        if (decimals > MAX_DECIMALS) {
            throw BankException.badRequest("this bank holds no amounts in " + code + ", whose amounts have " + decimals
                    + " decimals");
        }
        return Math.max(decimals, 0);
    }
}
