package eu.xs2a.consent.aspsp;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * The bank's answer to a registration: its own id, its status ({@code received}) and the PSU's SCA page; for a
 * decoupled SCA started with the registration, the SCA status it reached and the message for the PSU.
 */
@RegisterForReflection
public record BankConsentRegistration(String bankConsentId, String status, String scaUrl, String scaStatus,
                                      String psuMessage) {
}
