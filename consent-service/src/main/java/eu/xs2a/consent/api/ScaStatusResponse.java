package eu.xs2a.consent.api;

/** scaStatusResponse. */
public record ScaStatusResponse(String scaStatus) {
}
