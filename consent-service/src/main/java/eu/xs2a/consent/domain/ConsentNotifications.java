package eu.xs2a.consent.domain;

import eu.xs2a.platform.notify.NotificationDelivery;
import eu.xs2a.platform.notify.NotificationOutbox;
import eu.xs2a.platform.notify.NotificationParent;
import eu.xs2a.platform.notify.NotificationSender;
import eu.xs2a.platform.notify.ResourceType;
import eu.xs2a.platform.notify.StatusChange;
import eu.xs2a.platform.sca.ScaAuthorisation;
import eu.xs2a.platform.sca.ScaStatus;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import jakarta.persistence.PostPersist;
import jakarta.persistence.PostUpdate;
import java.time.Clock;
import java.time.Instant;
import java.util.List;

/**
 * The notifications of a consent's and a signing basket's changes (docs/ARCHITECTURE.md "Notifications"): each
 * consentStatus (transactionStatus of a basket) change and each scaStatus change of their authorisations, written by
 * the entity listeners ({@link ConsentStatusLog}, {@link BasketListener}, {@link ScaStatusListener}) and the expiry
 * job in the transaction that stores the change, when the TPP gave a TPP-Notification-URI.
 */
@ApplicationScoped
public class ConsentNotifications {

    /** The consent's TPP, its notification wishes, its path and id. */
    static final NotificationParent CONSENT = new NotificationParent("consent", """
            select tpp_id, notification_uri, notification_content,
                   '/' || provider_code || '/api/berlingroup'
                       || case when type = 'AIS' then '/v1/consents/' else '/v2/consents/confirmation-of-funds/' end
                       || id,
                   id
              from consent where id = ?""");

    /** The basket's TPP, its notification wishes, its path and id. */
    static final NotificationParent BASKET = new NotificationParent("basket", """
            select tpp_id, notification_uri, notification_content,
                   '/' || provider_code || '/api/berlingroup/v1/signing-baskets/' || id,
                   id
              from signing_basket where id = ?""");

    @Inject NotificationOutbox outbox;
    @Inject Clock clock;

    void consentChanged(List<ConsentStatusChange> changes) {
        Instant now = clock.instant();
        for (ConsentStatusChange change : changes) {
            outbox.record(CONSENT, change.consentId(), new StatusChange(ResourceType.consent, null,
                    "consentStatus", change.to().name(), change.to().isFinal(), now));
        }
    }

    void basketChanged(SigningBasket basket) {
        Instant now = clock.instant();
        for (SigningBasket.Status status : basket.takeStatusChanges()) {
            outbox.record(BASKET, basket.getId(), new StatusChange(ResourceType.basket, null,
                    "transactionStatus", status.name(), status.isFinal(), now));
        }
    }

    /** The scaStatus changes of a consent's or a basket's authorisation. */
    void scaChanged(ScaAuthorisation authorisation) {
        List<ScaStatus> changes = authorisation.takeScaChanges();
        Instant now = clock.instant();
        boolean basket = authorisation instanceof BasketAuthorisation;
        String parentId = basket ? ((BasketAuthorisation) authorisation).basketId()
                : ((ConsentAuthorisation) authorisation).getConsentId();
        for (ScaStatus status : changes) {
            outbox.record(basket ? BASKET : CONSENT, parentId, StatusChange.sca(
                    basket ? ResourceType.basket : ResourceType.consent, authorisation.id(), status.name(), now));
        }
    }

    /** Delivers the notifications: the task type {@code notification} of this service. */
    @Singleton
    static class NotificationTask extends NotificationDelivery {
        NotificationTask(NotificationSender sender) {
            super(sender);
        }
    }

    /** Notifies each scaStatus change of a consent's or a basket's authorisation when it is written. */
    static class ScaStatusListener {

        @Inject ConsentNotifications notifications;

        @PostPersist
        @PostUpdate
        void written(ScaAuthorisation authorisation) {
            notifications.scaChanged(authorisation);
        }
    }

    /** Notifies each transactionStatus change of a signing basket when the basket is written. */
    static class BasketListener {

        @Inject ConsentNotifications notifications;

        @PostPersist
        @PostUpdate
        void written(SigningBasket basket) {
            notifications.basketChanged(basket);
        }
    }
}
