/**
 * Notifications to TPPs (Berlin Group 1.3.6 {@code TPP-Notification-URI}, {@code TPP-Notification-Content-Preferred}):
 * the headers' rules ({@link eu.xs2a.platform.notify.NotificationUris}, {@link
 * eu.xs2a.platform.notify.NotificationContent}), the outbox a status change writes in its own transaction ({@link
 * eu.xs2a.platform.notify.NotificationOutbox}), and the task that signs and delivers each notification in order per
 * resource ({@link eu.xs2a.platform.notify.NotificationDelivery}). The signature is made by a {@link
 * eu.xs2a.platform.notify.NotificationSigner} (xs2a-security's gateway seal). docs/ARCHITECTURE.md "Notifications".
 */
package eu.xs2a.platform.notify;
