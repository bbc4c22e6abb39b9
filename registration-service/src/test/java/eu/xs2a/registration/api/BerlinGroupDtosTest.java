package eu.xs2a.registration.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import eu.xs2a.platform.validation.JsonPropertyNames;
import eu.xs2a.platform.validation.Violations;
import eu.xs2a.registration.api.BerlinGroupDtos.CertificateAddRequest;
import eu.xs2a.registration.api.BerlinGroupDtos.CertificateInfo;
import eu.xs2a.registration.api.BerlinGroupDtos.Company;
import eu.xs2a.registration.api.BerlinGroupDtos.RegisterRequest;
import eu.xs2a.registration.api.BerlinGroupDtos.Representative;
import jakarta.validation.Validation;
import jakarta.validation.Validator;
import org.hibernate.validator.HibernateValidator;
import org.junit.jupiter.api.Test;

/** The Berlin Group registration bodies' field constraints, as the error contract answers them, without Quarkus. */
class BerlinGroupDtosTest {

    /** As Quarkus configures it: fields named as the JSON body names them. */
    private static final Validator VALIDATOR = Validation.byProvider(HibernateValidator.class).configure()
            .propertyNodeNameProvider(new JsonPropertyNames()).buildValidatorFactory().getValidator();
    private static final Company COMPANY = new Company("Alpha Payments GmbH", "office@alpha.example", null, null, null,
            null);
    private static final Representative REPRESENTATIVE = new Representative("Erika Mustermann", "rep@alpha.example");
    private static final CertificateInfo CERTIFICATE = new CertificateInfo("alpha-qseal", " QSEAL ");

    private static String refusal(Object body) {
        Psd2Exception refused = Violations.refusal(VALIDATOR.validate(body));
        assertEquals(ErrorClass.WRONG_REQUIRED_FIELDS, refused.errorClass());
        return refused.getMessage();
    }

    @Test
    void aFullBodyIsStoredTrimmedWithTheTypeInItsOneSpelling() {
        RegisterRequest full = new RegisterRequest(COMPANY, REPRESENTATIVE, CERTIFICATE);
        assertTrue(VALIDATOR.validate(full).isEmpty());
        assertEquals("qseal", full.toRegistration().certificateType());
    }

    @Test
    void aMissingObjectNamesItsRequiredFields() {
        assertEquals("certificate.name is required; certificate.type is required; company.email is required;"
                + " company.name is required; representative.email is required; representative.name is required",
                refusal(RegisterRequest.EMPTY));
        assertEquals("certificate.name is required",
                refusal(new CertificateAddRequest(new CertificateInfo(" ", "qseal"))));
    }

    @Test
    void aTooLongValueNamesTheLimitAndItsLengthCountedTrimmedInCharacters() {
        String emoji = new String(Character.toChars(0x1F3E6)); // a surrogate pair in Java, one character in PostgreSQL
        Company city = new Company("Alpha", "office@alpha.example", null, null, null, " " + emoji.repeat(101) + " ");
        assertEquals("company.city must be at most 100 characters; it has 101",
                refusal(new RegisterRequest(city, REPRESENTATIVE, CERTIFICATE)));
        Company phone = new Company("Alpha", "office@alpha.example", null, "1".repeat(51), null, null);
        assertEquals("company.phone_number must be at most 50 characters; it has 51",
                refusal(new RegisterRequest(phone, REPRESENTATIVE, CERTIFICATE)));
        Company fits = new Company("Alpha", "office@alpha.example", null, null, null, " " + emoji.repeat(100) + " ");
        assertTrue(VALIDATOR.validate(new RegisterRequest(fits, REPRESENTATIVE, CERTIFICATE)).isEmpty());
    }

    @Test
    void addressesAndTheCertificateTypeAreChecked() {
        assertEquals("representative.email 'rep@@alpha' is not a valid e-mail address", refusal(new RegisterRequest(
                COMPANY, new Representative("Erika", "rep@@alpha"), CERTIFICATE)));
        assertEquals("certificate.type must be 'qseal', not 'qwac'",
                refusal(new CertificateAddRequest(new CertificateInfo("alpha", "qwac"))));
    }
}
