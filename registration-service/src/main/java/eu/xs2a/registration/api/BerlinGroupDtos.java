package eu.xs2a.registration.api;

import com.fasterxml.jackson.annotation.JsonProperty;
import eu.xs2a.platform.validation.AnsweredAs.WrongRequiredFields;
import eu.xs2a.platform.validation.FreeText;
import eu.xs2a.registration.domain.CertificatesInForce;
import eu.xs2a.registration.domain.CheckedCertificate;
import eu.xs2a.registration.domain.EmailAddress;
import eu.xs2a.registration.domain.EmailAddresses;
import eu.xs2a.registration.domain.Fits;
import eu.xs2a.registration.domain.TextLimits;
import eu.xs2a.registration.domain.TextLimits.Max;
import eu.xs2a.registration.domain.TppCertificate;
import eu.xs2a.registration.domain.TppRecord;
import eu.xs2a.registration.domain.TppRegistration;
import eu.xs2a.registration.domain.TppRegistrationService;
import io.quarkus.runtime.annotations.RegisterForReflection;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import java.time.Instant;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** Request and response bodies of the Berlin Group registration endpoints. */
@RegisterForReflection
public final class BerlinGroupDtos {

    private BerlinGroupDtos() {
    }

    /** A required field's message; every refusal of these bodies is WrongRequiredFields (the payload). */
    static final String REQUIRED = "is required";

    public record Company(@Schema(required = true, maxLength = Max.COMPANY_NAME)
                          @NotBlank(message = REQUIRED, payload = WrongRequiredFields.class)
                          @Fits(value = TextLimits.COMPANY_NAME, payload = WrongRequiredFields.class) @FreeText String name,
                          @Schema(required = true, maxLength = EmailAddresses.MAX_LENGTH)
                          @NotBlank(message = REQUIRED, payload = WrongRequiredFields.class)
                          @Fits(value = TextLimits.COMPANY_EMAIL, payload = WrongRequiredFields.class)
                          @EmailAddress(payload = WrongRequiredFields.class) String email,
                          @Schema(maxLength = Max.COMPANY_ADDRESS)
                          @Fits(value = TextLimits.COMPANY_ADDRESS, payload = WrongRequiredFields.class) @FreeText String address,
                          @Schema(maxLength = Max.COMPANY_PHONE_NUMBER) @JsonProperty("phone_number")
                          @Fits(value = TextLimits.COMPANY_PHONE_NUMBER, payload = WrongRequiredFields.class)
                          String phoneNumber,
                          @Schema(maxLength = Max.COMPANY_ZIP_CODE) @JsonProperty("zip_code")
                          @Fits(value = TextLimits.COMPANY_ZIP_CODE, payload = WrongRequiredFields.class) @FreeText
                          String zipCode,
                          @Schema(maxLength = Max.COMPANY_CITY)
                          @Fits(value = TextLimits.COMPANY_CITY, payload = WrongRequiredFields.class) @FreeText String city) {
    }

    public record Representative(@Schema(required = true, maxLength = Max.REPRESENTATIVE_NAME)
                                 @NotBlank(message = REQUIRED, payload = WrongRequiredFields.class)
                                 @Fits(value = TextLimits.REPRESENTATIVE_NAME, payload = WrongRequiredFields.class)
                                 @FreeText String name,
                                 @Schema(required = true, maxLength = EmailAddresses.MAX_LENGTH)
                                 @NotBlank(message = REQUIRED, payload = WrongRequiredFields.class)
                                 @Fits(value = TextLimits.REPRESENTATIVE_EMAIL, payload = WrongRequiredFields.class)
                                 @EmailAddress(payload = WrongRequiredFields.class) String email) {
    }

    public record CertificateInfo(@Schema(required = true, maxLength = Max.CERTIFICATE_NAME)
                                  @NotBlank(message = REQUIRED, payload = WrongRequiredFields.class)
                                  @Fits(value = TextLimits.CERTIFICATE_NAME, payload = WrongRequiredFields.class)
                                  @FreeText String name,
                                  @Schema(required = true, enumeration = {"qseal"}, description = "any case")
                                  @NotBlank(message = REQUIRED, payload = WrongRequiredFields.class)
                                  @Fits(value = TextLimits.CERTIFICATE_TYPE, payload = WrongRequiredFields.class)
                                  @Pattern(regexp = "\\s*(?i:qseal)\\s*", message = "must be 'qseal', not '${validatedValue}'",
                                          payload = WrongRequiredFields.class) String type) {

        /** The certificate as stored: the name trimmed, the type in its one spelling. */
        CertificateInfo stored() {
            return new CertificateInfo(name.trim(), TppRegistrationService.QSEAL);
        }
    }

    /**
     * Required: company.name, company.email, representative.name, representative.email, certificate.name/type. Every
     * value, trimmed, must fit its column ({@link TextLimits}); each field's rules are its constraints, and a missing
     * object reads as an empty one, so that its required fields are named.
     */
    public record RegisterRequest(@Schema(required = true) @Valid Company company,
                                  @Schema(required = true) @Valid Representative representative,
                                  @Schema(required = true) @Valid CertificateInfo certificate) {

        static final RegisterRequest EMPTY = new RegisterRequest(null, null, null);

        public RegisterRequest {
            company = company == null ? new Company(null, null, null, null, null, null) : company;
            representative = representative == null ? new Representative(null, null) : representative;
            certificate = certificate == null ? new CertificateInfo(null, null) : certificate;
        }

        TppRegistration toRegistration() {
            CertificateInfo info = certificate.stored();
            return new TppRegistration(company.name().trim(), company.email().trim(), trim(company.address()),
                    trim(company.phoneNumber()), trim(company.zipCode()), trim(company.city()),
                    representative.name().trim(), representative.email().trim(), info.name(), info.type());
        }
    }

    /** The certificate to add; a missing one reads as an empty one, so that its required fields are named. */
    public record CertificateAddRequest(@Schema(required = true) @Valid CertificateInfo certificate) {

        static final CertificateAddRequest EMPTY = new CertificateAddRequest(null);

        public CertificateAddRequest {
            certificate = certificate == null ? new CertificateInfo(null, null) : certificate;
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

    private static String trim(String value) {
        return value == null || value.isBlank() ? null : value.trim();
    }
}
