package eu.xs2a.consent.api;

import eu.xs2a.platform.notify.NotificationContent;
import eu.xs2a.platform.notify.NotificationRequest;
import eu.xs2a.platform.notify.NotificationUris;
import eu.xs2a.platform.notify.Notifications;
import eu.xs2a.security.quarkus.CurrentTpp;
import jakarta.ws.rs.core.HttpHeaders;

/**
 * TPP-Notification-URI and TPP-Notification-Content-Preferred of a consent's or a basket's creation and of an
 * explicit start of their authorisation (docs/ARCHITECTURE.md "Notifications"), checked for the TPP whose QSEAL
 * signed the request (FormatError).
 */
final class NotificationHeaders {

    private NotificationHeaders() {
    }

    static NotificationRequest read(Notifications notifications, HttpHeaders headers, CurrentTpp tpp) {
        return notifications.accept(headers.getHeaderString(NotificationUris.HEADER),
                headers.getHeaderString(NotificationContent.PREFERRED_HEADER), tpp.get().certificate());
    }
}
