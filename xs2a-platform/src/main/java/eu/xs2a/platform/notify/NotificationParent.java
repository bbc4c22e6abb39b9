package eu.xs2a.platform.notify;

/**
 * Where a service keeps what a TPP asked for at a resource's creation: {@code select} answers, for the resource's key
 * in its table as its one parameter, {@code tpp_id}, {@code notification_uri}, {@code notification_content}, the
 * resource's path ({@code _links.self}) and its id in that path ({@code resourceId}); {@code key} prefixes the
 * resource's key to the key that orders its notifications.
 */
public record NotificationParent(String key, String select) {
}
