package eu.xs2a.consent.domain;

import eu.xs2a.platform.sca.ScaApproach;
import eu.xs2a.platform.sca.ScaAuthorisation;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;
import java.time.Instant;

/** The authorisation sub-resource of a signing basket: the platform's {@link ScaAuthorisation}, a redirect SCA. */
@Entity
@Table(name = "basket_authorisation")
public class BasketAuthorisation extends ScaAuthorisation {

    @Column(nullable = false)
    private String basketId;

    protected BasketAuthorisation() {
        // JPA
    }

    public BasketAuthorisation(String id, String basketId, String redirectTokenHash, Instant redirectExpiresAt,
                               String callbackState, Instant now) {
        super(id, ScaApproach.REDIRECT, redirectTokenHash, redirectExpiresAt, callbackState, now);
        this.basketId = basketId;
    }

    public String basketId() {
        return basketId;
    }
}
