package eu.xs2a.consent.aspsp;

/** The bank's answer to a registration: its own id, its status ({@code received}) and the PSU's SCA page. */
public record BankConsentRegistration(String bankConsentId, String status, String scaUrl) {
}
