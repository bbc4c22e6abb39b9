package eu.xs2a.platform.notify;

/** The {@code resourceType} of a notification. */
public enum ResourceType {
    consent, payment, cancellation, basket
}
