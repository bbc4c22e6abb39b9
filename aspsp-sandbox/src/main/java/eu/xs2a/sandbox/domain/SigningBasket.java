package eu.xs2a.sandbox.domain;

import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Table;

/**
 * A signing basket registered by the gateway: payments and consents of one TPP that the PSU authorises with one SCA
 * (BANK-API.md "Signing baskets"). RCVD → (the PSU's SCA) ACTC, every member authorised at once | RJCT, every member
 * rejected; RCVD → CANC when the gateway deletes it, its members free again. Final states stay final.
 */
@Entity
@Table(name = "signing_basket")
public class SigningBasket extends ScaResource {

    public enum Status { RCVD, ACTC, RJCT, CANC }

    /** The gateway's key for this registration (its basket id): a repeated registration finds this basket. */
    public String idempotencyKey;

    @Enumerated(EnumType.STRING)
    public Status status;

    @Override
    public boolean awaitsSca() {
        return status == Status.RCVD && !scaStatus.isFinal();
    }

    @Override
    protected BankException noLongerAwaitingSca() {
        return BankException.conflict("STATUS_INVALID", "signing basket " + id + " is " + status);
    }

    /** The PSU confirmed: the members are authorised by the caller. */
    public void authorise() {
        scaFinalised();
        signed();
        status = Status.ACTC;
    }

    /** The PSU denied or failed SCA: the members are rejected by the caller. */
    public void reject() {
        scaFailed();
        status = Status.RJCT;
    }

    /** Withdrawn by the gateway before any authorisation. */
    public void cancel() {
        if (status != Status.RCVD) {
            throw BankException.conflict("STATUS_INVALID", "signing basket " + id + " is " + status
                    + " and can no longer be deleted");
        }
        status = Status.CANC;
        scaStatus = ScaStatus.failed;
    }
}
