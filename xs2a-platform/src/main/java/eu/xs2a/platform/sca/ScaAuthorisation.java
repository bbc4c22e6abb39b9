package eu.xs2a.platform.sca;

import jakarta.persistence.Column;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.MappedSuperclass;
import jakarta.persistence.Transient;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * What every authorisation sub-resource is, whatever it authorises (a consent, a payment, a payment's
 * cancellation): its id, its {@link ScaStatus} and the moves of that machine, the one-time scaRedirect link that
 * sends the PSU to the bank (only the token's SHA-256 hex is kept), the secret of the bank's return URL, and its
 * timestamps. Each service maps a subclass to its own table; a column named differently there is renamed with
 * {@code @AttributeOverride}. The status changes only through the methods below, which refuse what the machine
 * does not allow.
 */
@MappedSuperclass
public abstract class ScaAuthorisation {

    @Id
    private String id;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false)
    private ScaStatus scaStatus;

    /** How the PSU authorises: at the bank's pages, through the TPP (embedded), or in the bank's app. */
    @Enumerated(EnumType.STRING)
    @Column(nullable = false)
    private ScaApproach scaApproach;

    @Column(nullable = false)
    private String redirectTokenHash;

    @Column(nullable = false)
    private Instant redirectExpiresAt;

    private Instant redirectUsedAt;

    /** The secret in the bank's return URL that names this authorisation; null where the service uses another. */
    private String callbackState;

    /**
     * The PSU the TPP named (PSU-ID) when it started this authorisation explicitly, if any: the PSU whose steps these
     * are when a step names none (multilevel SCA: each signatory has their own authorisation).
     */
    private String psuId;

    @Column(nullable = false)
    private Instant createdAt;

    @Column(nullable = false)
    private Instant updatedAt;

    /** The statuses moved to since the entity was last written, for the notifications (taken by a listener). */
    @Transient
    private List<ScaStatus> scaChanges = new ArrayList<>();

    protected ScaAuthorisation() {
        // JPA
    }

    /** A new redirect authorisation: {@code received}, its link unused until {@code redirectExpiresAt}. */
    protected ScaAuthorisation(String id, String redirectTokenHash, Instant redirectExpiresAt, String callbackState,
                               Instant now) {
        this(id, ScaApproach.REDIRECT, redirectTokenHash, redirectExpiresAt, callbackState, now);
    }

    /**
     * A new authorisation of {@code approach}: {@code received}. Every authorisation holds a redirect link's hash;
     * only a redirect authorisation's link is ever shown to the TPP.
     */
    protected ScaAuthorisation(String id, ScaApproach approach, String redirectTokenHash, Instant redirectExpiresAt,
                               String callbackState, Instant now) {
        this.id = id;
        this.scaApproach = approach;
        this.scaStatus = ScaStatus.received;
        this.redirectTokenHash = redirectTokenHash;
        this.redirectExpiresAt = redirectExpiresAt;
        this.callbackState = callbackState;
        this.createdAt = now;
        this.updatedAt = now;
    }

    // --- transitions ---------------------------------------------------------------------------------------

    /**
     * Moves to {@code target}.
     *
     * @throws ScaTransitionException when {@link ScaStatus#canMoveTo} does not allow it
     */
    public void moveTo(ScaStatus target, Instant now) {
        scaStatus = scaStatus.moveTo(target);
        updatedAt = now;
        scaChanges.add(scaStatus);
    }

    /**
     * Takes over the bank's view when it is a move of the machine. The bank may report an older step than the one
     * already known, the same one again, or a value the interface does not have (null): those are ignored.
     *
     * @return whether the status changed
     */
    public boolean followBank(ScaStatus reported, Instant now) {
        if (!scaStatus.canMoveTo(reported)) {
            return false;
        }
        moveTo(reported, now);
        return true;
    }

    /**
     * The authorisation can no longer complete (what it authorises ended, or a newer one replaced it): an open one
     * fails, a final one stays as it is.
     *
     * @return whether the status changed
     */
    public boolean abandon(Instant now) {
        return followBank(ScaStatus.failed, now);
    }

    /**
     * The statuses moved to since the last call, oldest first (an entity listener takes them when the entity is
     * written, to notify the TPP: docs/ARCHITECTURE.md "Notifications").
     */
    public List<ScaStatus> takeScaChanges() {
        List<ScaStatus> taken = scaChanges;
        scaChanges = new ArrayList<>();
        return taken;
    }

    /**
     * Refuses a TPP's step ({@code PUT …/authorisations/{id}}) that this authorisation's approach and status do not
     * allow: 409 STATUS_INVALID ({@link ScaStep}). The status then moves by what the bank answered to the step.
     */
    public void requireStep(ScaStep step) {
        step.requireAllowedAt(scaApproach, scaStatus);
    }

    // --- the one-time scaRedirect link ---------------------------------------------------------------------

    /** Whether {@code tokenHash} is this link's (used or expired, maybe), compared in constant time; a redirect's only. */
    public boolean holdsRedirectToken(String tokenHash) {
        return tokenHash != null && scaApproach == ScaApproach.REDIRECT && MessageDigest.isEqual(redirectTokenHash.getBytes(StandardCharsets.UTF_8),
                tokenHash.getBytes(StandardCharsets.UTF_8));
    }

    /** Not followed yet and not expired. */
    public boolean redirectUsable(Instant now) {
        return redirectUsedAt == null && now.isBefore(redirectExpiresAt);
    }

    /** Not followed yet, whether or not its time has run out. */
    public boolean redirectUnused() {
        return redirectUsedAt == null;
    }

    /** The right token of a usable link. */
    public boolean acceptsRedirectToken(String tokenHash, Instant now) {
        return redirectUsable(now) && holdsRedirectToken(tokenHash);
    }

    /**
     * Spends the link. Callers read the row under a lock and check {@link #acceptsRedirectToken} first, so that
     * two browsers racing cannot both pass; a spent or expired link is refused here too.
     */
    public void useRedirectToken(Instant now) {
        if (!redirectUsable(now)) {
            throw new IllegalStateException("The scaRedirect link of authorisation " + id + " is used or expired");
        }
        redirectUsedAt = now;
        updatedAt = now;
    }

    /**
     * Gives an unused link of an open authorisation a new expiry: for a link that could not lead anywhere yet
     * (what it authorises was not at the bank), whose time should count only from when it can.
     */
    public void renewRedirect(Instant expiresAt, Instant now) {
        if (redirectUsedAt == null && !scaStatus.isFinal()) {
            redirectExpiresAt = expiresAt;
            updatedAt = now;
        }
    }

    /** Whether {@code state} is this authorisation's callback secret, compared in constant time. */
    public boolean holdsCallbackState(String state) {
        return state != null && callbackState != null && MessageDigest.isEqual(
                callbackState.getBytes(StandardCharsets.UTF_8), state.getBytes(StandardCharsets.UTF_8));
    }

    // --- reads ---------------------------------------------------------------------------------------------

    public String id() {
        return id;
    }

    public ScaStatus scaStatus() {
        return scaStatus;
    }

    public ScaApproach scaApproach() {
        return scaApproach;
    }

    public String callbackState() {
        return callbackState;
    }

    /** The PSU named at the explicit start, or null. */
    public String psuId() {
        return psuId;
    }

    /** The TPP started this authorisation for this PSU (PSU-ID of {@code POST …/authorisations}); null: none named. */
    public void startedFor(String psu) {
        psuId = psu;
    }

    public Instant createdAt() {
        return createdAt;
    }

    public Instant updatedAt() {
        return updatedAt;
    }
}
