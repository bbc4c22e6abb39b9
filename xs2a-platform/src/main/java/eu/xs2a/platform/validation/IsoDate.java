package eu.xs2a.platform.validation;

import static java.lang.annotation.ElementType.FIELD;
import static java.lang.annotation.ElementType.PARAMETER;
import static java.lang.annotation.ElementType.RECORD_COMPONENT;
import static java.lang.annotation.ElementType.TYPE_USE;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import eu.xs2a.platform.validation.IsoDates;
import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;
import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;

/**
 * A text that is an ISO 8601 calendar date (yyyy-MM-dd, from year 1 on), as xs2a-platform's {@link IsoDates} reads
 * it: the one rule for it in every service. Null is valid (add {@code @NotNull} where the field is required); a
 * violation's message is {@link IsoDates}'s reason.
 */
@Documented
@Constraint(validatedBy = IsoDate.Validator.class)
@Target({FIELD, PARAMETER, RECORD_COMPONENT, TYPE_USE})
@Retention(RUNTIME)
public @interface IsoDate {

    String message() default "is not valid";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    class Validator implements ConstraintValidator<IsoDate, String> {
        @Override
        public boolean isValid(String value, ConstraintValidatorContext context) {
            return value == null || SharedReaders.accepts(field -> IsoDates.parse(field, value), context);
        }
    }
}
