package eu.xs2a.platform.notify;

import jakarta.ws.rs.core.Response;

/**
 * What a TPP asked for at a resource's creation (or a cancellation) and the gateway accepted: the URI, and the
 * content it will send ({@link NotificationContent}); kept with the resource as {@code notification_uri} and
 * {@code notification_content}.
 *
 * @param uri       the TPP-Notification-URI, or null when none was sent
 * @param content   what will be sent
 * @param supported whether the gateway sends notifications (a seal is configured, they are enabled)
 */
public record NotificationRequest(String uri, NotificationContent content, boolean supported) {

    public static final String SUPPORT_HEADER = "ASPSP-Notification-Support";
    public static final String CONTENT_HEADER = "ASPSP-Notification-Content";

    /** Nothing asked for. */
    public static final NotificationRequest NONE = new NotificationRequest(null, NotificationContent.DEFAULT, false);

    /** The URI to keep with the resource: null when none was sent or notifications are not offered. */
    public String storedUri() {
        return supported ? uri : null;
    }

    /** The content text to keep with the resource, or null with {@link #storedUri()}. */
    public String storedContent() {
        return storedUri() == null ? null : content.header();
    }

    /** The stored wishes of a resource (its notification_uri and notification_content, both set or null). */
    public static NotificationRequest stored(String uri, String content) {
        return uri == null ? NONE : new NotificationRequest(uri, NotificationContent.parse(content), true);
    }

    /** The response with the answer headers added, unless it has them already (a kept answer built with them). */
    public Response answered(Response response) {
        if (uri == null || response.getHeaders().containsKey(SUPPORT_HEADER)) {
            return response;
        }
        return answer(Response.fromResponse(response)).build();
    }

    /**
     * Adds the answer headers when a TPP-Notification-URI was sent: {@code ASPSP-Notification-Support} and, when
     * true, {@code ASPSP-Notification-Content}.
     */
    public Response.ResponseBuilder answer(Response.ResponseBuilder response) {
        if (uri != null) {
            response.header(SUPPORT_HEADER, Boolean.toString(supported));
            if (supported) {
                response.header(CONTENT_HEADER, content.header());
            }
        }
        return response;
    }
}
