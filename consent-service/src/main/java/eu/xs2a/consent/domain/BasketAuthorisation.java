package eu.xs2a.consent.domain;

import eu.xs2a.platform.sca.ScaApproach;
import eu.xs2a.platform.sca.ScaAuthorisation;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EntityListeners;
import jakarta.persistence.Table;
import java.time.Instant;

/**
 * The authorisation sub-resource of a signing basket: the platform's {@link ScaAuthorisation} of the basket's
 * approach (redirect, embedded or decoupled; docs/ARCHITECTURE.md "Signing baskets"). Each scaStatus change is
 * notified when it is written ({@link ConsentNotifications.ScaStatusListener}).
 */
@Entity
@Table(name = "basket_authorisation")
@EntityListeners(ConsentNotifications.ScaStatusListener.class)
public class BasketAuthorisation extends ScaAuthorisation {

    @Column(nullable = false)
    private String basketId;

    protected BasketAuthorisation() {
        // JPA
    }

    public BasketAuthorisation(String id, String basketId, ScaApproach approach, String redirectTokenHash,
                               Instant redirectExpiresAt, String callbackState, Instant now) {
        super(id, approach, redirectTokenHash, redirectExpiresAt, callbackState, now);
        this.basketId = basketId;
    }

    public String basketId() {
        return basketId;
    }
}
