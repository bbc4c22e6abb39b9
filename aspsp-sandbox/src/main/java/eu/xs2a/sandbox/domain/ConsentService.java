package eu.xs2a.sandbox.domain;

import eu.xs2a.sandbox.persistence.AccountRepository;
import eu.xs2a.sandbox.persistence.ConsentAccountRepository;
import eu.xs2a.sandbox.persistence.ConsentRepository;
import eu.xs2a.sandbox.persistence.ScaLinkRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/** Registers consents for the gateway, answers their state, and applies what the PSU decided. */
@ApplicationScoped
public class ConsentService {

    /** The longest idempotency key (the column's width). */
    private static final int MAX_KEY = 100;

    /** A registered consent, the one-time SCA link the PSU must open, and whether this call created it. */
    public record Registered(Consent consent, ScaLink link, boolean created) {
    }

    /** A consent with the accounts it covers (empty until approved). */
    public record ConsentView(Consent consent, ConsentAccess requested, List<Covered> covered) {
    }

    /** One account a consent covers. */
    public record Covered(Account account, ConsentAccount grant) {
    }

    @Inject ConsentRepository consents;
    @Inject ConsentAccountRepository grants;
    @Inject AccountRepository accounts;
    @Inject ScaLinkRepository links;
    @Inject SlowPsus slow;
    @Inject ApiScaService apiSca;
    @Inject Clock clock;
    @Inject EntityManager em;

    @Transactional
    public Registered register(String idempotencyKey, String type, String tppId, String tppName, ConsentAccess access,
                               LocalDate validUntil, boolean recurringIndicator, int frequencyPerDay, String psuId,
                               Map<String, String> psuContext, String tppBrand, String returnUrl,
                               boolean decoupled) {
        validate(type, access, validUntil, frequencyPerDay);
        TppFields.requireFitting(tppId, tppName);
        if (idempotencyKey != null && (idempotencyKey.isBlank() || idempotencyKey.length() > MAX_KEY)) {
            throw BankException.badRequest("idempotencyKey must be 1 to " + MAX_KEY + " characters");
        }
        slow.delayIfSlow(psuId);
        if (idempotencyKey != null) {
            // one registration per idempotency key at a time, across instances
            em.createNativeQuery("select pg_advisory_xact_lock(hashtext(:key))").setParameter("key", idempotencyKey)
                    .getSingleResult();
            Optional<Consent> existing = consents.byIdempotencyKey(idempotencyKey);
            if (existing.isPresent()) {
                ScaLink link = links.find("resourceId = ?1 and kind = ?2", existing.get().id, ScaLink.Kind.CONSENT)
                        .firstResult();
                return new Registered(existing.get(), link, false);
            }
        }
        Instant now = clock.instant();
        Consent consent = new Consent();
        consent.id = "BC-" + UUID.randomUUID();
        consent.idempotencyKey = idempotencyKey;
        consent.type = type;
        consent.tppId = tppId;
        consent.tppName = tppName;
        consent.requestedPsuId = psuId;
        consent.toldOfTheRequest(psuContext, tppBrand);
        consent.status = ConsentStatus.received;
        consent.scaStatus = ScaStatus.received;
        consent.requestedAccess = access;
        consent.validUntil = validUntil;
        consent.recurringIndicator = recurringIndicator;
        consent.frequencyPerDay = frequencyPerDay;
        consent.returnUrl = returnUrl;
        consent.createdAt = now;
        consent.statusChangedAt = now;
        consents.persist(consent);
        ScaLink link = ScaLink.issue(ScaLink.Kind.CONSENT, consent.id, now);
        links.persist(link);
        if (decoupled) {
            apiSca.startDecoupled(link, psuId); // the push goes to the PSU's app now
        }
        return new Registered(consent, link, true);
    }

    @Transactional
    public ConsentView get(String bankConsentId) {
        Consent consent = require(bankConsentId);
        slow.delayIfSlow(consent.psuId, consent.requestedPsuId);
        consent.usableOn(LocalDate.now(clock), clock.instant());
        return view(consent);
    }

    @Transactional
    public void terminate(String bankConsentId) {
        Consent consent = require(bankConsentId);
        slow.delayIfSlow(consent.psuId, consent.requestedPsuId);
        consent.terminateByTpp(clock.instant());
        links.closeAllOf(consent.id);
    }

    public Consent require(String bankConsentId) {
        return consents.findByIdOptional(bankConsentId)
                .orElseThrow(() -> BankException.notFound("CONSENT_UNKNOWN", "no consent " + bankConsentId));
    }

    public ConsentView view(Consent consent) {
        List<Covered> covered = new ArrayList<>();
        for (ConsentAccount grant : grants.ofConsent(consent.id)) {
            covered.add(new Covered(accounts.findById(grant.accountId), grant));
        }
        covered.sort((a, b) -> Integer.compare(a.account().position, b.account().position));
        return new ConsentView(consent, consent.requestedAccess, covered);
    }

    /**
     * The signatures the consent needs (multilevel SCA): the most any account it covers needs, the named accounts or,
     * for a consent on all accounts, those the PSU holds.
     */
    public int signaturesRequired(Consent consent, String psuId) {
        ConsentAccess access = consent.requestedAccess;
        List<AccountRef> named = new ArrayList<>(access.explicitRefs());
        if (Consent.PIIS.equals(consent.type) && access.account() != null) {
            named.add(access.account());
        }
        List<Account> covered = named.isEmpty() ? accounts.ofPsu(psuId)
                : named.stream().map(accounts::byRef).flatMap(Optional::stream).toList();
        return covered.stream().mapToInt(a -> a.signaturesRequired).max().orElse(1);
    }

    /** The named accounts the PSU does not own, as labels (empty when the PSU may approve). */
    public List<String> accountsNotOwnedBy(Consent consent, String psuId) {
        List<String> foreign = new ArrayList<>();
        for (AccountRef ref : consent.requestedAccess.explicitRefs()) {
            Optional<Account> account = accounts.byRef(ref);
            if (account.isEmpty() || !account.get().heldBy(psuId)) {
                foreign.add(ref.label());
            }
        }
        return foreign;
    }

    /**
     * Called once the PSU confirmed with the OTP: records exactly what the consent now covers, and on which accounts
     * the owner name is delivered (only where the consent asked for it explicitly).
     */
    public void approve(Consent consent) {
        ConsentAccess access = consent.requestedAccess;
        List<Account> own = accounts.ofPsu(consent.psuId).stream().filter(a -> !Account.DELETED.equals(a.status)).toList();
        if (Consent.PIIS.equals(consent.type)) {
            accounts.byRef(access.account()).ifPresent(a -> grant(consent, a, false, false, false));
        } else if (access.allPsd2Requested()) {
            own.forEach(a -> grant(consent, a, true, true, access.ownerNameRequestedFor(a)));
        } else if (access.accountListRequested()) {
            boolean balances = access.availableAccountsWithBalanceRequested();
            own.forEach(a -> grant(consent, a, balances, false, access.ownerNameRequestedFor(a)));
        } else {
            for (Account account : own) {
                boolean listed = access.accountsOrEmpty().stream().anyMatch(account::matches);
                boolean balances = access.balancesOrEmpty().stream().anyMatch(account::matches);
                boolean transactions = access.transactionsOrEmpty().stream().anyMatch(account::matches);
                if (listed || balances || transactions) {
                    grant(consent, account, balances, transactions, access.ownerNameRequestedFor(account));
                }
            }
        }
        consent.approve(clock.instant());
    }

    /**
     * The PSU's choice for a bank-offered consent on the decision page, as {@code <bankAccountId>:<access>} with access
     * {@code accounts}, {@code balances} or {@code transactions} (either of the last two implies the first): becomes
     * the consent's access, named accounts of this PSU. Nothing chosen, an account not the PSU's or an unknown access
     * → empty (the page asks again).
     */
    public Optional<ConsentAccess> choose(Consent consent, String psuId, List<String> choices) {
        List<AccountRef> listed = new ArrayList<>();
        List<AccountRef> balances = new ArrayList<>();
        List<AccountRef> transactions = new ArrayList<>();
        for (String choice : choices == null ? List.<String>of() : choices) {
            int colon = choice.lastIndexOf(':');
            if (colon < 0) {
                return Optional.empty();
            }
            Optional<Account> account = accounts.findByIdOptional(choice.substring(0, colon))
                    .filter(a -> a.heldBy(psuId) && !Account.DELETED.equals(a.status));
            if (account.isEmpty()) {
                return Optional.empty();
            }
            AccountRef ref = account.get().ref();
            switch (choice.substring(colon + 1)) {
                case "accounts" -> { }
                case "balances" -> balances.add(ref);
                case "transactions" -> transactions.add(ref);
                default -> {
                    return Optional.empty();
                }
            }
            if (!listed.contains(ref)) {
                listed.add(ref);
            }
        }
        if (listed.isEmpty()) {
            return Optional.empty();
        }
        ConsentAccess access = ConsentAccess.chosen(listed, balances.stream().distinct().toList(),
                transactions.stream().distinct().toList());
        consent.requestedAccess = access;
        return Optional.of(access);
    }

    private void grant(Consent consent, Account account, boolean balances, boolean transactions, boolean ownerName) {
        grants.persist(ConsentAccount.of(consent.id, account.id, balances, transactions, ownerName));
    }

    private void validate(String type, ConsentAccess access, LocalDate validUntil, int frequencyPerDay) {
        if (!Consent.AIS.equals(type) && !Consent.PIIS.equals(type)) {
            throw BankException.badRequest("type must be AIS or PIIS, not " + type);
        }
        if (validUntil == null || validUntil.isBefore(LocalDate.now(clock))) {
            throw BankException.badRequest("validUntil must be today or later, not " + validUntil);
        }
        if (frequencyPerDay < 1) {
            throw BankException.badRequest("frequencyPerDay must be at least 1, not " + frequencyPerDay);
        }
        List<AccountRef> refs = new ArrayList<>(access.explicitRefs());
        refs.addAll(access.ownerNameRefs());
        for (AccountRef ref : refs) {
            if (ref == null || !ref.hasIdentifier()) {
                throw BankException.badRequest("an account reference needs iban, bban, maskedPan, pan or msisdn");
            }
            if (ref.iban() != null && !Iban.isValid(ref.iban())) {
                throw BankException.badRequest("not a valid IBAN: " + ref.iban());
            }
        }
        List<AccountRef> listed = new ArrayList<>(access.accountsOrEmpty());
        listed.addAll(access.balancesOrEmpty());
        listed.addAll(access.transactionsOrEmpty());
        for (AccountRef ref : access.ownerNameRefs()) {
            if (listed.stream().noneMatch(ref::sameAccountAs)) {
                throw BankException.badRequest("additionalInformation.ownerName names " + ref.label()
                        + ", which is not in accounts, balances or transactions");
            }
        }
        if (Consent.PIIS.equals(type)) {
            if (access.account() == null) {
                throw BankException.badRequest("a PIIS consent needs account");
            }
        } else if (access.explicitRefs().isEmpty() && !access.allPsd2Requested() && !access.availableAccountsRequested()
                && !access.availableAccountsWithBalanceRequested() && !access.bankOffered()) {
            throw BankException.badRequest(
                    "access must name accounts, balances, transactions, availableAccounts, availableAccountsWithBalance or allPsd2");
        }
    }
}
