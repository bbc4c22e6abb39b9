package eu.xs2a.sandbox.domain;

import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** A payment service user: a bank customer who logs in on the PSU pages. */
@Entity
@Table(name = "psu")
public class Psu {

    /** What is special about a sandbox PSU. */
    public enum Behaviour {
        /** SCA works with the sandbox code. */
        NORMAL,
        /** The OTP step always fails. */
        FAIL_SCA,
        /** Every bank call touching this PSU's resources is slower than the gateway's timeout. */
        SLOW,
        /**
         * Only the account data calls under this PSU's consents (account list, balances, transactions) are slower than
         * the gateway's timeout; SCA, consents, payments and funds checks answer at once.
         */
        SLOW_DATA,
        /** Every consent the PSU approves is revoked by the bank {@code sandbox.revoked-later-delay} later. */
        REVOKED_LATER,
        /** The PSU's app denies every decoupled approval (psu-decoupled-deny). */
        APP_DENIES
    }

    @Id
    public String id;

    public String passwordHash;

    public String fullName;

    @Enumerated(EnumType.STRING)
    public Behaviour behaviour;

    /** Wrong passwords in a row since the last good one or the last lock ({@link PsuLogin}). */
    public int failedLogins;

    /** Until when the login is locked; null or past: not locked. */
    public Instant lockedUntil;

    /** The ids of the PSU's SCA methods, comma-separated ({@link ScaMethod}). */
    public String scaMethods;

    /** The PSU's SCA methods, in the order the PSU set them up. */
    public java.util.List<ScaMethod> methods() {
        return ScaMethod.parse(scaMethods);
    }

    public boolean passwordMatches(String password) {
        return PasswordHasher.matches(password, passwordHash);
    }
}
