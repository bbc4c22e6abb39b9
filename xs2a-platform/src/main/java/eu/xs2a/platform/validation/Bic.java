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
import java.util.regex.Pattern;

/**
 * A text that has the shape of a BIC (ISO 9362: bank, country and location code, and an optional branch code, in
 * capitals). Null is valid; a violation quotes the value (at most 40 characters).
 */
@Documented
@Constraint(validatedBy = Bic.Validator.class)
@Target({FIELD, PARAMETER, RECORD_COMPONENT, TYPE_USE})
@Retention(RUNTIME)
public @interface Bic {

    String message() default "is not a BIC";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    class Validator implements ConstraintValidator<Bic, String> {

        private static final Pattern BIC = Pattern.compile("[A-Z]{6}[A-Z2-9][A-NP-Z0-9]([A-Z0-9]{3})?");
        private static final int SHOWN = 40;

        @Override
        public boolean isValid(String value, ConstraintValidatorContext context) {
            return value == null || BIC.matcher(value).matches()
                    || SharedReaders.refuse("'" + ErrorTexts.shown(value, SHOWN) + "' is not a BIC", context);
        }
    }
}
