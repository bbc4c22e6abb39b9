package eu.xs2a.platform.notify;

import jakarta.persistence.Embeddable;

/**
 * What a TPP asked to be notified of (docs/ARCHITECTURE.md "Notifications"), kept with a consent, a signing basket or
 * a payment (columns {@code notification_uri}, {@code notification_content}): the TPP-Notification-URI of the
 * creation, or of the latest cancellation or explicit start that sent one, kept only when notifications are offered,
 * and what will be sent there (ASPSP-Notification-Content, e.g. {@code status=SCA,PROCESS}). JPA leaves the field
 * null when both are.
 */
@Embeddable
public class NotificationWishes {

    private String notificationUri;
    private String notificationContent;

    protected NotificationWishes() {
        // JPA
    }

    private NotificationWishes(String notificationUri, String notificationContent) {
        this.notificationUri = notificationUri;
        this.notificationContent = notificationContent;
    }

    /** The wishes after a request: replaced when it sent TPP-Notification-URI, else {@code current} as it was. */
    public static NotificationWishes after(NotificationWishes current, NotificationRequest request) {
        return request.uri() == null ? current
                : new NotificationWishes(request.storedUri(), request.storedContent());
    }

    /** The stored wishes as the answer headers need them ({@link NotificationRequest#NONE} without any). */
    public static NotificationRequest stored(NotificationWishes wishes) {
        return wishes == null ? NotificationRequest.NONE
                : NotificationRequest.stored(wishes.notificationUri, wishes.notificationContent);
    }
}
