package eu.xs2a.registration.api;

import com.fasterxml.jackson.annotation.JsonProperty;
import eu.xs2a.registration.domain.EmailAddresses;
import eu.xs2a.registration.domain.TppCertificate;
import eu.xs2a.registration.domain.TppRecord;
import eu.xs2a.registration.domain.TppRegistration;
import eu.xs2a.registration.domain.TppRegistrationService;
import eu.xs2a.security.error.ErrorClass;
import eu.xs2a.security.error.Psd2Exception;
import java.time.Instant;
import java.util.List;

/** Request and response bodies of the Berlin Group registration endpoints. */
public final class BerlinGroupDtos {

    private BerlinGroupDtos() {
    }

    public record Company(String name, String email, String address,
                          @JsonProperty("phone_number") String phoneNumber,
                          @JsonProperty("zip_code") String zipCode,
                          String city) {
    }

    public record Representative(String name, String email) {
    }

    public record CertificateInfo(String name, String type) {
    }

    public record RegisterRequest(Company company, Representative representative, CertificateInfo certificate) {

        /** Required: company.name, company.email, representative.name, representative.email, certificate.name/type. */
        TppRegistration toRegistration() {
            Company c = company == null ? new Company(null, null, null, null, null, null) : company;
            Representative r = representative == null ? new Representative(null, null) : representative;
            String companyName = required("company.name", c.name());
            String companyEmail = email("company.email", required("company.email", c.email()));
            String representativeName = required("representative.name", r.name());
            String representativeEmail = email("representative.email", required("representative.email", r.email()));
            CertificateInfo info = certificateInfo(certificate);
            return new TppRegistration(companyName.trim(), companyEmail.trim(), trim(c.address()), trim(c.phoneNumber()),
                    trim(c.zipCode()), trim(c.city()), representativeName.trim(), representativeEmail.trim(),
                    info.name(), info.type());
        }
    }

    public record CertificateAddRequest(CertificateInfo certificate) {

        CertificateInfo toCertificateInfo() {
            return certificateInfo(certificate);
        }
    }

    public record CertificateView(String name, String type, String serial, String issuer, Instant notAfter,
                                  List<String> roles) {
        static CertificateView of(TppCertificate c) {
            return new CertificateView(c.name, c.type, c.serial, c.issuer, c.notAfter,
                    c.roleSet().stream().map(Enum::name).toList());
        }
    }

    public record TppResponse(String id, Company company, Representative representative,
                              List<CertificateView> certificates, List<String> scopes, String status) {
        static TppResponse of(TppRecord record) {
            var t = record.tpp();
            return new TppResponse(t.id,
                    new Company(t.companyName, t.companyEmail, t.companyAddress, t.companyPhoneNumber, t.companyZipCode,
                            t.companyCity),
                    new Representative(t.representativeName, t.representativeEmail),
                    record.certificates().stream().map(CertificateView::of).toList(),
                    record.scopes(), t.status.name());
        }
    }

    static CertificateInfo certificateInfo(CertificateInfo certificate) {
        CertificateInfo c = certificate == null ? new CertificateInfo(null, null) : certificate;
        String name = required("certificate.name", c.name()).trim();
        String type = required("certificate.type", c.type()).trim();
        if (!TppRegistrationService.QSEAL.equalsIgnoreCase(type)) {
            throw new Psd2Exception(ErrorClass.WRONG_REQUIRED_FIELDS,
                    "certificate.type must be 'qseal', not '" + type + "'");
        }
        return new CertificateInfo(name, TppRegistrationService.QSEAL);
    }

    static String required(String field, String value) {
        if (value == null || value.isBlank()) {
            throw new Psd2Exception(ErrorClass.WRONG_REQUIRED_FIELDS, field + " is required");
        }
        return value;
    }

    private static String email(String field, String value) {
        if (!EmailAddresses.valid(value.trim())) {
            throw new Psd2Exception(ErrorClass.WRONG_REQUIRED_FIELDS, field + " '" + value + "' is not a valid e-mail address");
        }
        return value;
    }

    private static String trim(String value) {
        return value == null || value.isBlank() ? null : value.trim();
    }
}
