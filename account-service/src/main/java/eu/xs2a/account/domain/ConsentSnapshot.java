package eu.xs2a.account.domain;

import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** A consent under which the bank's data has been fetched; reads under it are served from the store. */
@Entity
@Table(name = "consent_snapshot")
public class ConsentSnapshot extends ConsentScoped {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    public String aspspConsentId;

    public Instant fetchedAt;
}
