package eu.xs2a.payment.api;

/** Berlin Group scaStatusResponse. */
public record ScaStatusResponse(String scaStatus) {
}
