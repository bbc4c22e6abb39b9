package eu.xs2a.platform.notify;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.security.cert.X509Certificate;

/**
 * The TPP's notification headers on a creation or a cancellation: checked ({@link NotificationUris},
 * {@link NotificationContent}; FormatError), and accepted when the gateway offers notifications.
 */
@ApplicationScoped
public class Notifications {

    @Inject NotificationsConfig config;
    @Inject Instance<NotificationSigner> signer;

    /** Whether notifications are sent here: enabled and a gateway seal configured. */
    public boolean supported() {
        return config.enabled() && signer.isResolvable() && signer.get().available();
    }

    /**
     * The headers' values checked for the TPP whose QSEAL signed the request.
     *
     * @param uri       TPP-Notification-URI, or null
     * @param preferred TPP-Notification-Content-Preferred, or null
     */
    public NotificationRequest accept(String uri, String preferred, X509Certificate qseal) {
        NotificationContent content = NotificationContent.parse(preferred);
        if (uri == null) {
            return NotificationRequest.NONE;
        }
        return new NotificationRequest(NotificationUris.require(uri, qseal), content, supported());
    }
}
