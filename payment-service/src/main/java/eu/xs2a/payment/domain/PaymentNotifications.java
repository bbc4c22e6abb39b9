package eu.xs2a.payment.domain;

import eu.xs2a.platform.notify.NotificationDelivery;
import eu.xs2a.platform.notify.NotificationOutbox;
import eu.xs2a.platform.notify.NotificationParent;
import eu.xs2a.platform.notify.NotificationSender;
import eu.xs2a.platform.notify.ResourceType;
import eu.xs2a.platform.notify.StatusChange;
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
 * The notifications of a payment's changes (docs/ARCHITECTURE.md "Notifications"): each transactionStatus change
 * (resourceType payment) and each scaStatus change of its authorisations (payment) and cancellation authorisations
 * (cancellation), written by the entity listeners in the transaction that stores the change, whatever made it (the
 * TPP, the PSU's return, the bank's answer, a bank status event, the polling), when the payment's TPP gave a
 * TPP-Notification-URI at the initiation or the cancellation. {@code _links.self} is the payment's own path, under
 * its payment service (payments, periodic-payments, bulk-payments).
 */
@ApplicationScoped
public class PaymentNotifications {

    /** The payment's TPP, its notification wishes, its path ({@link PaymentUrls#payment}) and paymentId. */
    static final NotificationParent PAYMENT = new NotificationParent("payment", """
            select tpp_id, notification_uri, notification_content,
                   '/' || provider_code || '/api/berlingroup/v1/' || payment_service || '/' || payment_product
                       || '/' || resource_id,
                   resource_id
              from payment where id = ?""");

    @Inject NotificationOutbox outbox;
    @Inject Clock clock;

    void paymentChanged(Payment payment) {
        Instant now = clock.instant();
        for (TransactionStatus status : payment.takeStatusChanges()) {
            outbox.record(PAYMENT, payment.id(), new StatusChange(ResourceType.payment, null,
                    "transactionStatus", status.name(), status.isFinal(), now));
        }
    }

    void scaChanged(PaymentAuthorisation authorisation) {
        List<ScaStatus> changes = authorisation.takeScaChanges();
        Instant now = clock.instant();
        ResourceType type = authorisation.kind() == AuthorisationKind.CANCELLATION
                ? ResourceType.cancellation : ResourceType.payment;
        for (ScaStatus status : changes) {
            outbox.record(PAYMENT, authorisation.paymentId(), StatusChange.sca(type,
                    authorisation.id(), status.name(), now));
        }
    }

    /** Delivers the notifications: the task type {@code notification} of this service. */
    @Singleton
    static class NotificationTask extends NotificationDelivery {
        NotificationTask(NotificationSender sender) {
            super(sender);
        }
    }

    /** Notifies each transactionStatus change when the payment is written. */
    static class PaymentListener {

        @Inject PaymentNotifications notifications;

        @PostPersist
        @PostUpdate
        void written(Payment payment) {
            notifications.paymentChanged(payment);
        }
    }

    /** Notifies each scaStatus change of an authorisation when it is written. */
    static class AuthorisationListener {

        @Inject PaymentNotifications notifications;

        @PostPersist
        @PostUpdate
        void written(PaymentAuthorisation authorisation) {
            notifications.scaChanged(authorisation);
        }
    }
}
