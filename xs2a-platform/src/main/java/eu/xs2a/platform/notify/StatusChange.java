package eu.xs2a.platform.notify;

import java.time.Instant;

/**
 * One change a TPP may be notified of.
 *
 * @param resourceType    consent, payment, cancellation or basket
 * @param authorisationId for an scaStatus change, the authorisation's id (an extension field); else null
 * @param statusField     {@code scaStatus}, {@code consentStatus} or {@code transactionStatus}
 * @param status          the new value, as the interface spells it
 * @param finalStatus     whether it is a final consentStatus or transactionStatus (for {@code LAST})
 * @param time            when it changed
 */
public record StatusChange(ResourceType resourceType, String authorisationId, String statusField,
                           String status, boolean finalStatus, Instant time) {

    public static StatusChange sca(ResourceType type, String authorisationId, String scaStatus, Instant time) {
        return new StatusChange(type, authorisationId, "scaStatus", scaStatus, false, time);
    }

    public boolean isSca() {
        return "scaStatus".equals(statusField);
    }
}
