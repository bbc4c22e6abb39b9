package eu.xs2a.sandbox.domain;

import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Table;
import java.time.Instant;
import java.time.LocalDate;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/**
 * A consent registered by the gateway (AIS or PIIS). It enforces its own transitions: SCA can only move a
 * {@code received} (or {@code partiallyAuthorised}) consent, final states stay final except that the TPP may always
 * terminate.
 */
@Entity
@Table(name = "consent")
public class Consent extends ScaResource {

    public static final String AIS = "AIS";
    public static final String PIIS = "PIIS";

    /** AIS | PIIS */
    public String type;

    /** The gateway's key for this registration (its consent id): a repeated registration finds this consent. */
    public String idempotencyKey;

    /** The signing basket this request is in (BANK-API.md "Signing baskets"), if any: then only the basket's SCA authorises it. */
    public String basketId;

    @Enumerated(EnumType.STRING)
    public ConsentStatus status;

    /** The access (AIS) or the account reference (PIIS) as requested, stored as JSON (jsonb). */
    @JdbcTypeCode(SqlTypes.JSON)
    public ConsentAccess requestedAccess;

    public LocalDate validUntil;

    public boolean recurringIndicator;

    public int frequencyPerDay;

    public Instant statusChangedAt;

    @Override
    public boolean awaitsSca() {
        return (status == ConsentStatus.received || status == ConsentStatus.partiallyAuthorised)
                && !scaStatus.isFinal();
    }

    /** Moves a valid consent past its validUntil to expired; answers whether it is usable for data today. */
    public boolean usableOn(LocalDate today, Instant now) {
        if (status == ConsentStatus.valid && validUntil.isBefore(today)) {
            changeStatus(ConsentStatus.expired, now);
        }
        return status == ConsentStatus.valid;
    }

    public void approve(Instant now) {
        scaFinalised();
        signed();
        changeStatus(ConsentStatus.valid, now);
    }

    /** A signatory approved, another signature is still needed (multilevel SCA). */
    public void partiallyAuthorise(Instant now) {
        signedPartly();
        changeStatus(ConsentStatus.partiallyAuthorised, now);
    }

    public void reject(Instant now) {
        scaFailed();
        changeStatus(ConsentStatus.rejected, now);
    }

    public void revokeByPsu(Instant now) {
        if (status != ConsentStatus.valid) {
            throw BankException.conflict("CONSENT_INVALID", "consent " + id + " is " + status + ", only a valid consent can be revoked");
        }
        changeStatus(ConsentStatus.revokedByPsu, now);
    }

    /** The bank ends a valid consent for reasons of its own (not the PSU's, not the TPP's, not its validUntil). */
    public void terminateByBank(Instant now) {
        if (status != ConsentStatus.valid) {
            throw BankException.conflict("CONSENT_INVALID", "consent " + id + " is " + status + ", only a valid consent can be terminated");
        }
        changeStatus(ConsentStatus.terminatedByBank, now);
    }

    /** The one transition allowed from every state (the TPP deletes its consent). */
    public void terminateByTpp(Instant now) {
        if (status != ConsentStatus.terminatedByTpp) {
            changeStatus(ConsentStatus.terminatedByTpp, now);
        }
    }

    @Override
    protected BankException noLongerAwaitingSca() {
        return BankException.conflict("CONSENT_INVALID", "consent " + id + " is " + status + " and no longer awaits SCA");
    }

    private void changeStatus(ConsentStatus next, Instant now) {
        status = next;
        statusChangedAt = now;
    }
}
