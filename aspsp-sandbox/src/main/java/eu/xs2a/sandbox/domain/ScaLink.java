package eu.xs2a.sandbox.domain;

import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Duration;
import java.time.Instant;

/** A one-time SCA link for a consent, a payment, a payment's cancellation or a signing basket. */
@Entity
@Table(name = "sca_link")
public class ScaLink {

    public enum Kind { CONSENT, PAYMENT, CANCELLATION, BASKET }

    /**
     * NEW (never logged in) → LOGGED_IN → APPROVED (OTP pending) → DONE; REPLACED when a newer link for the same
     * request was issued before this one was finished (a second cancellation of one payment).
     */
    public enum State { NEW, LOGGED_IN, APPROVED, DONE, REPLACED }

    @Id
    public String token;

    @Enumerated(EnumType.STRING)
    public Kind kind;

    public String resourceId;

    public Instant createdAt;

    @Enumerated(EnumType.STRING)
    public State state;

    /** SHA-256 of the browser cookie the login bound this link to. */
    public String sessionHash;

    public String psuId;

    public int otpFailures;

    /** The SCA method chosen through the bank API ({@link ScaMethod#id()}); null on the pages. */
    public String chosenMethod;

    /** When the approval was pushed to the PSU's app (decoupled SCA); null otherwise. */
    public Instant decoupledAt;

    public static ScaLink issue(Kind kind, String resourceId, Instant now) {
        ScaLink link = new ScaLink();
        link.token = Secrets.randomToken();
        link.kind = kind;
        link.resourceId = resourceId;
        link.createdAt = now;
        link.state = State.NEW;
        return link;
    }

    public boolean expired(Instant now, Duration validity) {
        return now.isAfter(createdAt.plus(validity));
    }

    /** Whether the browser presenting this cookie is the one that logged in with this link. */
    public boolean boundTo(String cookie) {
        return sessionHash != null && cookie != null && Secrets.constantTimeEquals(sessionHash, Secrets.sha256(cookie));
    }

    public void loggedIn(String psu, String cookie) {
        psuId = psu;
        sessionHash = Secrets.sha256(cookie);
        state = State.LOGGED_IN;
    }

    public void approved() {
        state = State.APPROVED;
    }

    /**
     * The signatory who used this link signed, and another signature is needed (multilevel SCA): the link is open
     * again for the next signatory, who logs in afresh (on the pages: in their own browser).
     */
    public void reopened() {
        state = State.NEW;
        psuId = null;
        sessionHash = null;
        otpFailures = 0;
        chosenMethod = null;
        decoupledAt = null;
    }

    public void done() {
        state = State.DONE;
    }
}
