package eu.xs2a.registration.domain;

/** What a TPP states about itself when it registers (already checked for required fields and e-mails). */
public record TppRegistration(
        String companyName, String companyEmail, String companyAddress, String companyPhoneNumber,
        String companyZipCode, String companyCity,
        String representativeName, String representativeEmail,
        String certificateName, String certificateType) {
}
