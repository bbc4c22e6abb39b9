package eu.xs2a.platform.validation;

import static java.lang.annotation.ElementType.FIELD;
import static java.lang.annotation.ElementType.PARAMETER;
import static java.lang.annotation.ElementType.RECORD_COMPONENT;
import static java.lang.annotation.ElementType.TYPE_USE;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import eu.xs2a.platform.error.ErrorTexts;
import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;
import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;
import java.util.Locale;
import java.util.Set;

/**
 * A text that is an ISO 3166 alpha-2 country code, in capitals, as the JDK's table has them. Null is valid (add
 * {@code @NotNull} where the field is required); a violation quotes the value (at most 40 characters). The Berlin
 * Group answers a bad country with its own class: give {@code payload = AnsweredAs.CountryNameInvalid.class}.
 */
@Documented
@Constraint(validatedBy = IsoCountry.Validator.class)
@Target({FIELD, PARAMETER, RECORD_COMPONENT, TYPE_USE})
@Retention(RUNTIME)
public @interface IsoCountry {

    String message() default "is not an ISO 3166 alpha-2 country code";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    class Validator implements ConstraintValidator<IsoCountry, String> {

        private static final Set<String> COUNTRIES = Set.of(Locale.getISOCountries());
        private static final int SHOWN = 40;

        @Override
        public boolean isValid(String value, ConstraintValidatorContext context) {
            return value == null || COUNTRIES.contains(value) || SharedReaders.refuse("'"
                    + ErrorTexts.shown(value, SHOWN) + "' is not an ISO 3166 alpha-2 country code", context);
        }
    }
}
