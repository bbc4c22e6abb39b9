package eu.xs2a.sandbox.domain;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** A PSU logged in to the online-banking page; only the SHA-256 of the cookie is stored. */
@Entity
@Table(name = "banking_session")
public class BankingSession {

    @Id
    @Column(name = "session_hash")
    public String sessionHash;

    @Column(name = "psu_id")
    public String psuId;

    @Column(name = "expires_at")
    public Instant expiresAt;
}
