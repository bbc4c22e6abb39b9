package eu.xs2a.registration.api;

import com.fasterxml.jackson.annotation.JsonProperty;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.registration.domain.CertificatesInForce;
import eu.xs2a.registration.domain.CheckedCertificate;
import eu.xs2a.registration.domain.EmailAddresses;
import eu.xs2a.registration.domain.TextLimits;
import eu.xs2a.registration.domain.TextLimits.Max;
import eu.xs2a.registration.domain.TppCertificate;
import eu.xs2a.registration.domain.TppRecord;
import eu.xs2a.registration.domain.TppRegistration;
import eu.xs2a.registration.domain.TppRegistrationService;
import java.time.Instant;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** Request and response bodies of the Berlin Group registration endpoints. */
public final class BerlinGroupDtos {

    private BerlinGroupDtos() {
    }

    public record Company(@Schema(required = true, maxLength = Max.COMPANY_NAME) String name,
                          @Schema(required = true, maxLength = EmailAddresses.MAX_LENGTH) String email,
                          @Schema(maxLength = Max.COMPANY_ADDRESS) String address,
                          @Schema(maxLength = Max.COMPANY_PHONE_NUMBER) @JsonProperty("phone_number") String phoneNumber,
                          @Schema(maxLength = Max.COMPANY_ZIP_CODE) @JsonProperty("zip_code") String zipCode,
                          @Schema(maxLength = Max.COMPANY_CITY) String city) {
    }

    public record Representative(@Schema(required = true, maxLength = Max.REPRESENTATIVE_NAME) String name,
                                 @Schema(required = true, maxLength = EmailAddresses.MAX_LENGTH) String email) {
    }

    public record CertificateInfo(@Schema(required = true, maxLength = Max.CERTIFICATE_NAME) String name,
                                  @Schema(required = true, enumeration = {"qseal"}, description = "any case") String type) {
    }

    public record RegisterRequest(@Schema(required = true) Company company,
                                  @Schema(required = true) Representative representative,
                                  @Schema(required = true) CertificateInfo certificate) {

        /**
         * Required: company.name, company.email, representative.name, representative.email, certificate.name/type.
         * Every value, trimmed, must fit its column ({@link TextLimits}).
         */
        TppRegistration toRegistration() {
            Company c = company == null ? new Company(null, null, null, null, null, null) : company;
            Representative r = representative == null ? new Representative(null, null) : representative;
            String companyName = bounded(TextLimits.COMPANY_NAME, "company.name", required("company.name", c.name()));
            String companyEmail = email("company.email", bounded(TextLimits.COMPANY_EMAIL, "company.email",
                    required("company.email", c.email())));
            String representativeName = bounded(TextLimits.REPRESENTATIVE_NAME, "representative.name",
                    required("representative.name", r.name()));
            String representativeEmail = email("representative.email", bounded(TextLimits.REPRESENTATIVE_EMAIL,
                    "representative.email", required("representative.email", r.email())));
            String address = bounded(TextLimits.COMPANY_ADDRESS, "company.address", trim(c.address()));
            String phoneNumber = bounded(TextLimits.COMPANY_PHONE_NUMBER, "company.phone_number", trim(c.phoneNumber()));
            String zipCode = bounded(TextLimits.COMPANY_ZIP_CODE, "company.zip_code", trim(c.zipCode()));
            String city = bounded(TextLimits.COMPANY_CITY, "company.city", trim(c.city()));
            CertificateInfo info = certificateInfo(certificate);
            return new TppRegistration(companyName, companyEmail, address, phoneNumber, zipCode, city,
                    representativeName, representativeEmail, info.name(), info.type());
        }
    }

    public record CertificateAddRequest(@Schema(required = true) CertificateInfo certificate) {

        CertificateInfo toCertificateInfo() {
            return certificateInfo(certificate);
        }
    }

    /**
     * A registered certificate; {@code status} says whether it grants its roles now ({@code valid}) or not any more
     * ({@code expired}, {@code revoked}, {@code invalid}: its CA is no longer trusted), see {@link CertificatesInForce}.
     */
    public record CertificateView(String name, String type, String serial, String issuer, Instant notAfter,
                                  List<String> roles,
                                  @Schema(enumeration = {"valid", "expired", "revoked", "invalid"}) String status) {
        static CertificateView of(CheckedCertificate checked) {
            TppCertificate c = checked.certificate();
            return new CertificateView(c.name, c.type, c.serial, c.issuer, c.notAfter,
                    c.roleSet().stream().map(Enum::name).toList(), checked.status().name());
        }
    }

    public record TppResponse(String id, Company company, Representative representative,
                              List<CertificateView> certificates,
                              @Schema(description = "from the certificates whose status is valid") List<String> scopes,
                              String status) {
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
        String name = bounded(TextLimits.CERTIFICATE_NAME, "certificate.name", required("certificate.name", c.name()));
        String type = bounded(TextLimits.CERTIFICATE_TYPE, "certificate.type", required("certificate.type", c.type()));
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

    /**
     * The value trimmed (null stays null), if it fits its column; else WrongRequiredFields, the class of every other
     * bad value of these bodies (an e-mail that is not one, a certificate.type other than qseal).
     */
    private static String bounded(TextLimits limit, String field, String value) {
        return limit.check(ErrorClass.WRONG_REQUIRED_FIELDS, field, value == null ? null : value.trim());
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
