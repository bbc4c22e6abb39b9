package eu.xs2a.platform.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.annotation.JsonProperty;
import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import jakarta.validation.Valid;
import jakarta.validation.Validation;
import jakarta.validation.Validator;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import java.util.List;
import org.hibernate.validator.HibernateValidator;
import org.junit.jupiter.api.Test;

/** The constraints of eu.xs2a.platform.validation and how their violations read, on a standalone validator. */
class ViolationsTest {

    /** As Quarkus configures it: fields named as the JSON body names them. */
    private static final Validator VALIDATOR = Validation.byProvider(HibernateValidator.class).configure()
            .propertyNodeNameProvider(new JsonPropertyNames()).buildValidatorFactory().getValidator();

    record Reference(@Iban String iban, @IsoCurrency String currency) {
    }

    record Address(@NotNull(message = "is required", payload = AnsweredAs.CountryNameInvalid.class)
                   @IsoCountry(payload = AnsweredAs.CountryNameInvalid.class) String country) {
    }

    record Named(@NotBlank(message = "is required") @IsoCurrency String currency,
                 @JsonProperty("short_text") @Characters(max = 3) String text, @Bic String bic) {
    }

    record Body(@Valid Reference account, List<@NotNull(message = "must be an account reference") @Valid Reference> accounts,
                @IsoDate String day, @Valid Address address) {
    }

    private static Psd2Exception refusal(Object body) {
        return Violations.refusal(VALIDATOR.validate(body));
    }

    @Test
    void aValidBodyHasNoViolation() {
        assertTrue(VALIDATOR.validate(new Body(new Reference("DE89 3704 0044 0532 0130 00", "EUR"),
                List.of(new Reference(null, "JPY")), "2026-11-21", new Address("DE"))).isEmpty());
    }

    @Test
    void aViolationReadsAsTheSharedReaderSaysNamingTheFieldByItsPathInTheBody() {
        Psd2Exception iban = refusal(new Body(new Reference("DE9710020030100000037", null), null, null, null));
        assertEquals(ErrorClass.FORMAT_ERROR, iban.errorClass());
        assertEquals("account.iban 'DE9710020030100000037' is not a valid IBAN: an IBAN of DE has 22 characters,"
                + " this one 21", iban.getMessage());
        assertEquals("account.iban", iban.path(), "the tppMessage's path");
        assertEquals("accounts[1].currency 'XYZ' is not an ISO 4217 currency code",
                refusal(new Body(null, List.of(new Reference(null, "EUR"), new Reference(null, "XYZ")), null, null))
                        .getMessage());
        assertEquals("day '21.11.2026' is not an ISO date (yyyy-MM-dd)",
                refusal(new Body(null, null, "21.11.2026", null)).getMessage());
    }

    @Test
    void aListElementIsNamedByItsIndex() {
        java.util.ArrayList<Reference> withNull = new java.util.ArrayList<>();
        withNull.add(null);
        Psd2Exception element = refusal(new Body(null, withNull, null, null));
        assertEquals("accounts[0] must be an account reference", element.getMessage());
        assertEquals("accounts[0]", element.path());
    }

    @Test
    void theConstraintsPayloadNamesTheErrorClass() {
        Psd2Exception country = refusal(new Body(null, null, null, new Address(null)));
        assertEquals(ErrorClass.COUNTRY_NAME_INVALID, country.errorClass());
        assertEquals("address.country is required", country.getMessage());
    }

    @Test
    void violationsOfTheFirstFieldsClassAreAllNamedInFieldOrder() {
        Psd2Exception both = refusal(new Body(new Reference(null, "XYZ"), null, "tomorrow", new Address(null)));
        assertEquals(ErrorClass.FORMAT_ERROR, both.errorClass());
        assertEquals("account.currency 'XYZ' is not an ISO 4217 currency code; day 'tomorrow' is not an ISO date"
                + " (yyyy-MM-dd)", both.getMessage());
        assertEquals(null, both.path(), "two fields at fault: no one path");
    }

    @Test
    void whatTheTppSentIsQuotedLiterallyNeverInterpolated() {
        assertEquals("day '{jakarta.validation.constraints.NotNull.message} ${1+1} \\' is not an ISO date (yyyy-MM-dd)",
                refusal(new Body(null, null, "{jakarta.validation.constraints.NotNull.message} ${1+1} \\", null))
                        .getMessage());
    }

    @Test
    void aMissingFieldIsOnlySaidToBeMissing() {
        assertEquals("currency is required", refusal(new Named(" ", null, null)).getMessage());
    }

    @Test
    void countriesBicsAndTextsOfCharactersAndAFieldByItsJsonName() {
        assertEquals("address.country 'Germany' is not an ISO 3166 alpha-2 country code",
                refusal(new Body(null, null, null, new Address("Germany"))).getMessage());
        String emoji = "\uD83D\uDE00"; // one character, two UTF-16 units
        assertTrue(VALIDATOR.validate(new Named("EUR", emoji.repeat(3), "SBOXDEBBXXX")).isEmpty());
        assertEquals("short_text must be 1 to 3 characters", refusal(new Named("EUR", emoji.repeat(4), null))
                .getMessage());
        assertEquals("short_text must be 1 to 3 characters", refusal(new Named("EUR", "  ", null)).getMessage());
        assertEquals("bic 'SBOX' is not a BIC", refusal(new Named("EUR", null, "SBOX")).getMessage());
    }
}
