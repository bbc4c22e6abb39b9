package eu.xs2a.consent.domain;

import eu.xs2a.platform.provider.ProviderCalendar;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EntityListeners;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Table;
import jakarta.persistence.Transient;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/**
 * A consent and its state machine (docs/ARCHITECTURE.md "State machines"). Every status change goes through one of the
 * methods below, which refuse a transition the machine does not have: a final consent never changes again,
 * except that the owning TPP's DELETE moves any consent to terminatedByTpp. Every status change is logged (INFO: consent,
 * provider, TPP, from → to, cause), so that "why and when did this consent change" can be answered from the logs; the
 * line is written once the transaction that stores the change has committed ({@link ConsentStatusLog}).
 */
@Entity
@Table(name = "consent")
@EntityListeners(ConsentStatusLog.class)
public class Consent extends TppResource {

    @Enumerated(EnumType.STRING)
    @Column(nullable = false)
    private ConsentType type;
    @Enumerated(EnumType.STRING)
    @Column(nullable = false)
    private ConsentStatus status;
    /** AIS: the accountAccess object, as JSON (jsonb). */
    @JdbcTypeCode(SqlTypes.JSON)
    private AccountAccess access;
    /** PIIS: the account reference, as JSON (jsonb). */
    @JdbcTypeCode(SqlTypes.JSON)
    private AccountReference account;
    private String cardNumber;
    private LocalDate cardExpiryDate;
    private String cardInformation;
    private String registrationInformation;
    @Column(nullable = false)
    private boolean recurringIndicator;
    private LocalDate validUntil;
    private Integer frequencyPerDay;
    @Column(nullable = false)
    private boolean combinedServiceIndicator;
    private String bankConsentId;
    /** The signing basket this consent is in, if any (docs/ARCHITECTURE.md "Signing baskets"). */
    private String basketId;
    @Column(nullable = false)
    private boolean bankDeletePending;
    /** occurredAt of the newest bank event applied (the bank's clock): an event older than it is stale. */
    private Instant bankEventAt;
    /** The brand under which the TPP meets the PSU (TPP-Brand-Logging-Information), sent to the bank; or null. */
    private String tppBrand;
    /** Status changes made since this consent was last written, for the log once that write is committed. */
    @Transient
    private List<ConsentStatusChange> statusChanges = new ArrayList<>();

    protected Consent() {
        // JPA
    }

    private Consent(String id, String providerCode, String tppId, String tppName, ConsentType type,
                    ScaRedirect redirect, Instant now) {
        super(id, providerCode, tppId, tppName, redirect, now);
        this.type = type;
        this.status = ConsentStatus.accepted;
    }

    /** A new AIS consent, {@code accepted} until the bank has registered it. Values are already validated. */
    public static Consent newAis(String id, String providerCode, String tppId, String tppName, AccountAccess access,
                                 boolean recurringIndicator, LocalDate validUntil, int frequencyPerDay,
                                 boolean combinedServiceIndicator, ScaRedirect redirect, Instant now) {
        Consent consent = new Consent(id, providerCode, tppId, tppName, ConsentType.AIS, redirect, now);
        consent.access = access;
        consent.recurringIndicator = recurringIndicator;
        consent.validUntil = validUntil;
        consent.frequencyPerDay = frequencyPerDay;
        consent.combinedServiceIndicator = combinedServiceIndicator;
        return consent;
    }

    /** A new confirmation-of-funds consent. It has no validUntil or frequency of its own. */
    public static Consent newPiis(String id, String providerCode, String tppId, String tppName,
                                  AccountReference account, String cardNumber, LocalDate cardExpiryDate,
                                  String cardInformation, String registrationInformation, ScaRedirect redirect,
                                  Instant now) {
        Consent consent = new Consent(id, providerCode, tppId, tppName, ConsentType.PIIS, redirect, now);
        consent.account = account;
        consent.cardNumber = cardNumber;
        consent.cardExpiryDate = cardExpiryDate;
        consent.cardInformation = cardInformation;
        consent.registrationInformation = registrationInformation;
        consent.recurringIndicator = true;
        return consent;
    }

    /** Keeps the TPP's brand of the creation request, before it is stored. */
    public void knownAs(String brand) {
        tppBrand = brand;
    }

    public String getTppBrand() {
        return tppBrand;
    }

    // --- transitions ---------------------------------------------------------------------------------------

    /**
     * The bank registered the consent: accepted → received. A consent that ended meanwhile (the TPP deleted it, the
     * SCA deadline rejected it: the bank was called with no lock held) must be deleted there too.
     */
    public void registeredAtBank(String bankConsentId, String bankScaUrl, Instant now) {
        if (status.isFinal()) {
            this.bankConsentId = bankConsentId;
            bankDeletionDue();
            touch(now);
            return;
        }
        require(EnumSet.of(ConsentStatus.accepted), ConsentStatus.received);
        this.bankConsentId = bankConsentId;
        atBank(bankScaUrl, now);
        heardFromBank(now);
        moveTo(ConsentStatus.received, now, "registered at the bank");
    }

    /** The bank refused the consent as such (a 4xx): it can never be authorised. */
    public void refusedByBank(Instant now) {
        require(EnumSet.of(ConsentStatus.accepted), ConsentStatus.rejected);
        moveTo(ConsentStatus.rejected, now, "refused by the bank");
    }

    /**
     * SCA finished: valid, unless the consent's last valid day has already passed (SCA finished after validUntil),
     * when it can never be used and goes straight to expired.
     *
     * @param today the date of {@code now} at this consent's provider ({@code config.ProviderCalendar})
     */
    public void scaFinalised(Instant now, LocalDate today) {
        require(awaitingSca(), ConsentStatus.valid);
        if (isPastValidUntil(today)) {
            moveTo(ConsentStatus.expired, now, "SCA finished after validUntil " + validUntil);
            return;
        }
        moveTo(ConsentStatus.valid, now, "SCA finalised");
    }

    /**
     * Multilevel SCA: one signatory's SCA finished, another's is still needed (the bank's consent status
     * partiallyAuthorised): received → partiallyAuthorised. It still awaits SCA (the next signatory's authorisation).
     */
    public void partiallyAuthorised(Instant now) {
        require(EnumSet.of(ConsentStatus.accepted, ConsentStatus.received), ConsentStatus.partiallyAuthorised);
        moveTo(ConsentStatus.partiallyAuthorised, now, "SCA finalised by one signatory, another is needed");
    }

    public void scaFailed(Instant now) {
        require(awaitingSca(), ConsentStatus.rejected);
        moveTo(ConsentStatus.rejected, now, "SCA failed at the bank");
    }

    /**
     * No finished SCA within the deadline (24 h): accepted/received → rejected. The bank may still hold the consent
     * open (received, its SCA page live): the bank is told to close it, as after a DELETE.
     */
    public void scaOverdue(Instant now) {
        require(awaitingSca(), ConsentStatus.rejected);
        if (bankConsentId != null) {
            bankDeletionDue();
        }
        moveTo(ConsentStatus.rejected, now, "no finished SCA within the deadline");
    }

    public void revokedByPsu(Instant now) {
        require(EnumSet.of(ConsentStatus.received, ConsentStatus.partiallyAuthorised, ConsentStatus.valid),
                ConsentStatus.revokedByPsu);
        moveTo(ConsentStatus.revokedByPsu, now, "revoked at the bank");
    }

    /**
     * The bank ended the consent for reasons of its own (its status terminatedByBank): expired, the one status of
     * Berlin Group 1.3.6 for a consent that ended without the PSU or the TPP (docs/ARCHITECTURE.md "Extensions to the
     * standard").
     */
    public void terminatedByBank(Instant now) {
        require(EnumSet.of(ConsentStatus.received, ConsentStatus.partiallyAuthorised, ConsentStatus.valid),
                ConsentStatus.expired);
        moveTo(ConsentStatus.expired, now, "terminated by the bank");
    }

    /** valid past validUntil → expired. */
    public void expire(Instant now) {
        require(EnumSet.of(ConsentStatus.valid), ConsentStatus.expired);
        moveTo(ConsentStatus.expired, now, expiryCause(validUntil));
    }

    /** The cause of valid → expired, in the log line (also of the expiry job's set-based update). */
    static String expiryCause(LocalDate validUntil) {
        return "validUntil " + validUntil + " passed";
    }

    /**
     * DELETE by the owning TPP: any consent → terminatedByTpp (the interface's one stated transition). The bank
     * is told afterwards; until it has been, {@link #isBankDeletePending()} stays true.
     */
    public void terminateByTpp(Instant now) {
        if (status == ConsentStatus.terminatedByTpp) {
            return;
        }
        if (bankConsentId != null) {
            bankDeletionDue();
        }
        moveTo(ConsentStatus.terminatedByTpp, now, "deleted by the TPP");
    }

    /**
     * The bank must hear that the consent ended: the service enqueues the task that tells it
     * ({@code BankDeletionTask}); one already pending stays the one (it keeps its age, from which the give-up counts).
     */
    private void bankDeletionDue() {
        bankDeletePending = true;
    }

    /** The bank acknowledged the deletion (or already had the consent in a final state), or telling it was given up. */
    public void bankToldOfDeletion() {
        bankDeletePending = false;
    }

    /**
     * Applies the bank's consent status learnt on a read or a callback. Only transitions of the machine are
     * taken; anything else (a final consent, an unknown value) is ignored.
     *
     * @param today the date of {@code now} at this consent's provider
     * @return whether the status changed
     */
    public boolean applyBankStatus(String bankStatus, Instant now, LocalDate today) {
        return applyBankStatus(bankStatus, null, now, today);
    }

    /** @param granted the access the bank reports (after approval: what the PSU granted), or null where not known */
    public boolean applyBankStatus(String bankStatus, AccountAccess granted, Instant now, LocalDate today) {
        ConsentStatus before = status;
        if ("partiallyAuthorised".equals(bankStatus)
                && (status == ConsentStatus.accepted || status == ConsentStatus.received)) {
            partiallyAuthorised(now);
        } else if ("valid".equals(bankStatus) && awaitingSca().contains(status)) {
            if (awaitsBankOfferedGrant()) {
                if (granted == null || granted.accounts() == null || granted.accounts().isEmpty()) {
                    return false; // valid only with what the PSU granted: the bank's view of the consent tells it
                }
                access = AccountAccess.granted(granted.accounts(), granted.balances(), granted.transactions());
            }
            scaFinalised(now, today);
        } else if ("rejected".equals(bankStatus) && awaitingSca().contains(status)) {
            scaFailed(now);
        } else if ("revokedByPsu".equals(bankStatus) && !status.isFinal() && status != ConsentStatus.accepted) {
            revokedByPsu(now);
        } else if ("expired".equals(bankStatus) && status == ConsentStatus.valid) {
            expire(now);
        } else if ("terminatedByBank".equals(bankStatus) && !status.isFinal() && status != ConsentStatus.accepted) {
            terminatedByBank(now);
        }
        return before != status;
    }

    /**
     * A bank-offered AIS consent (empty access lists) still waiting for SCA: it becomes valid only together with the
     * access the PSU granted at the bank, which replaces the empty lists (so the consent's read and the consent lookup
     * name exactly the granted accounts).
     */
    public boolean awaitsBankOfferedGrant() {
        return access != null && access.bankOffered() && awaitingSca().contains(status);
    }

    /**
     * Whether an event of the bank that occurred at {@code occurredAt} is newer than every one applied before, taking
     * it as the newest when so. Events may arrive out of order (retries); an older one is stale.
     */
    public boolean takesBankEventOf(Instant occurredAt) {
        if (bankEventAt != null && occurredAt.isBefore(bankEventAt)) {
            return false;
        }
        bankEventAt = occurredAt;
        return true;
    }

    // --- reads ---------------------------------------------------------------------------------------------

    /** Past validUntil on the given date of its provider's calendar ({@link ConsentRules#isPastValidUntil}). */
    public boolean isPastValidUntil(LocalDate today) {
        return ConsentRules.isPastValidUntil(validUntil, today);
    }

    private static Set<ConsentStatus> awaitingSca() {
        return EnumSet.of(ConsentStatus.accepted, ConsentStatus.received, ConsentStatus.partiallyAuthorised);
    }

    private void require(Set<ConsentStatus> from, ConsentStatus target) {
        if (!from.contains(status)) {
            throw new ConsentTransitionException("Consent " + getId() + " cannot go from " + status + " to " + target);
        }
    }

    private void moveTo(ConsentStatus target, Instant now, String cause) {
        statusChanges.add(new ConsentStatusChange(getId(), getProviderCode(), getTppId(), status, target, cause));
        status = target;
        touch(now);
    }

    /** The status changes not yet handed to the log, in order; the consent forgets them. */
    List<ConsentStatusChange> takeStatusChanges() {
        List<ConsentStatusChange> taken = statusChanges;
        statusChanges = new ArrayList<>();
        return taken;
    }

    public ConsentType getType() {
        return type;
    }

    public ConsentStatus getStatus() {
        return status;
    }

    public AccountAccess getAccess() {
        return access;
    }

    public AccountReference getAccount() {
        return account;
    }

    public String getCardNumber() {
        return cardNumber;
    }

    public LocalDate getCardExpiryDate() {
        return cardExpiryDate;
    }

    public String getCardInformation() {
        return cardInformation;
    }

    public String getRegistrationInformation() {
        return registrationInformation;
    }

    public boolean isRecurringIndicator() {
        return recurringIndicator;
    }

    public LocalDate getValidUntil() {
        return validUntil;
    }

    public Integer getFrequencyPerDay() {
        return frequencyPerDay;
    }

    public boolean isCombinedServiceIndicator() {
        return combinedServiceIndicator;
    }

    public String getBankConsentId() {
        return bankConsentId;
    }

    public String getBasketId() {
        return basketId;
    }

    /** Joins a signing basket: from now on only the basket's SCA authorises it. */
    public void joinBasket(String basket) {
        if (basketId != null || status != ConsentStatus.received) {
            throw new IllegalStateException("consent " + getId() + " cannot join a basket (" + status + ", basket "
                    + basketId + ")");
        }
        basketId = basket;
    }

    /** Leaves the basket it is in (the basket was deleted before its SCA, or never reached the bank). */
    public void leaveBasket() {
        basketId = null;
    }

    public boolean isBankDeletePending() {
        return bankDeletePending;
    }
}
