package eu.xs2a.sandbox.domain;

import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.MappedSuperclass;
import jakarta.persistence.Version;
import java.time.Instant;
import java.util.Map;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/**
 * What a consent and a payment share as requests the PSU authorises with SCA: the TPP that asked, the PSU it named
 * and the one who logged in, and the SCA status the PSU's steps move. Each entity maps these onto its own table,
 * where the columns are named alike, so the steps are written once.
 */
@MappedSuperclass
public abstract class ScaResource {

    @Id
    public String id;

    public String tppId;

    public String tppName;

    /** The brand under which the TPP meets the PSU (TPP-Brand-Logging-Information), if the gateway sent one. */
    public String tppBrand;

    /** The PSU the gateway named when registering (PSU-ID), if any: only that PSU may approve. */
    public String requestedPsuId;

    /** The PSU who logged in on the SCA page. */
    public String psuId;

    @Enumerated(EnumType.STRING)
    public ScaStatus scaStatus;

    public String returnUrl;

    /**
     * What the TPP forwarded of the PSU's own request (BANK-API.md "PSU context": ipAddress, userAgent, deviceId,
     * geoLocation, …) for the bank's fraud monitoring, as the gateway sent it (jsonb); null when it sent none.
     */
    @JdbcTypeCode(SqlTypes.JSON)
    public Map<String, String> psuContext;

    /**
     * The PSU's context the gateway sent with the newest step of this request's SCA through the API (a new SCA, the
     * password, the method, the OTP; of its cancellation too), as sent (jsonb); null before any step sent one.
     */
    @JdbcTypeCode(SqlTypes.JSON)
    public Map<String, String> scaPsuContext;

    public Instant createdAt;

    /** What the gateway told of the request besides itself (BANK-API.md "PSU context", "TPP brand"). */
    public void toldOfTheRequest(Map<String, String> context, String brand) {
        psuContext = context;
        tppBrand = TppFields.brand(brand);
    }

    /** What the gateway told of the PSU with an SCA step: kept when it sent any (the bank decides nothing by it). */
    public void toldOfTheStep(Map<String, String> context) {
        if (context != null && !context.isEmpty()) {
            scaPsuContext = context;
        }
    }

    /** The TPP as the bank's pages name it: the brand the PSU knows, with the legal name beside it. */
    public String tppShownName() {
        return tppBrand == null ? tppName : tppBrand + " (" + tppName + ")";
    }

    /** Who has signed so far, comma-separated PSU ids in order (several for a multilevel SCA); null before. */
    public String signedBy;

    @Version
    public int version;

    /** Whether the PSU's SCA may still move this request (its own status decides, besides the SCA status). */
    public abstract boolean awaitsSca();

    /** The conflict answered to an SCA step on a request that no longer awaits SCA. */
    protected abstract BankException noLongerAwaitingSca();

    /**
     * Whether this PSU may approve: the one the gateway named, or anyone when it named none; once a first signatory
     * signed (multilevel SCA), any other signatory of the accounts (which the caller checks).
     */
    public boolean mayBeApprovedBy(String psu) {
        return requestedPsuId == null || requestedPsuId.equals(psu) || signedBy != null;
    }

    /** The PSUs who have signed, in order. */
    public java.util.List<String> signatories() {
        return signedBy == null ? java.util.List.of() : java.util.List.of(signedBy.split(","));
    }

    public boolean hasSigned(String psu) {
        return signatories().contains(psu);
    }

    /** The PSU who logged in signed (the last signature, or one of several of a multilevel SCA). */
    protected void signed() {
        signedBy = signedBy == null ? psuId : signedBy + "," + psuId;
    }

    /**
     * The PSU who logged in signed, but more signatures are needed (multilevel SCA): the next signatory's SCA starts
     * at received; the subclass moves its own status to partially authorised.
     */
    protected void signedPartly() {
        requireAwaitingSca();
        signed();
        scaStatus = ScaStatus.received;
    }

    public void psuIdentified(String psu) {
        requireAwaitingSca();
        psuId = psu;
        scaStatus = ScaStatus.psuIdentified;
    }

    /** The PSU's password was right (SCA through the API): its methods come next. */
    public void psuAuthenticated() {
        requireAwaitingSca();
        scaStatus = ScaStatus.psuAuthenticated;
    }

    /** A method was chosen through the API: the OTP (or the app's approval) comes next. */
    public void scaMethodSelected() {
        requireAwaitingSca();
        scaStatus = ScaStatus.scaMethodSelected;
    }

    public void scaStarted() {
        requireAwaitingSca();
        scaStatus = ScaStatus.started;
    }

    /** The PSU confirmed with the OTP; the subclass moves its own status along. */
    protected void scaFinalised() {
        requireAwaitingSca();
        scaStatus = ScaStatus.finalised;
    }

    /** The PSU denied or failed SCA; the subclass moves its own status along. */
    protected void scaFailed() {
        requireAwaitingSca();
        scaStatus = ScaStatus.failed;
    }

    private void requireAwaitingSca() {
        if (!awaitsSca()) {
            throw noLongerAwaitingSca();
        }
    }
}
