package eu.xs2a.sandbox.domain;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** A PSU logged in to the online-banking page; only the SHA-256 of the cookie is stored. */
@Entity
@Table(name = "banking_session")
public class BankingSession {

    @Id
    public String sessionHash;

    public String psuId;

    public Instant expiresAt;
}
