package eu.xs2a.platform.notify;

import jakarta.ws.rs.HeaderParam;
import java.security.cert.X509Certificate;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;

/**
 * The TPP's notification headers (a {@code @BeanParam}), on every request that may subscribe a resource to
 * notifications: a consent's, a basket's or a payment's creation, a payment's cancellation, and the explicit start of
 * an authorisation (docs/ARCHITECTURE.md "Notifications"). Answered by ASPSP-Notification-Support and
 * ASPSP-Notification-Content.
 */
public record NotificationHeaders(
        @Parameter(description = "where the gateway POSTs a signed notification of each status change: https (http"
                + " only for localhost in the sandbox), its host one of the QSEAL's domains (subjectAltName dNSName)"
                + " or localhost in the sandbox; else FormatError. Sets or replaces the resource's subscription;"
                + " answered by ASPSP-Notification-Support and ASPSP-Notification-Content")
        @HeaderParam(NotificationUris.HEADER) String uri,
        @Parameter(description = "status=X1,...,Xn, each of SCA, PROCESS, LAST once (default status=SCA,PROCESS);"
                + " else FormatError")
        @HeaderParam(NotificationContent.PREFERRED_HEADER) String contentPreferred) {

    /** The wishes the gateway accepts for the TPP of this QSEAL (FormatError for a bad URI, host or content). */
    public NotificationRequest accept(Notifications notifications, X509Certificate qseal) {
        return notifications.accept(uri, contentPreferred, qseal);
    }
}
