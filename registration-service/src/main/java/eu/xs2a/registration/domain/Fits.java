package eu.xs2a.registration.domain;

import static java.lang.annotation.ElementType.FIELD;
import static java.lang.annotation.ElementType.PARAMETER;
import static java.lang.annotation.ElementType.RECORD_COMPONENT;
import static java.lang.annotation.ElementType.TYPE_USE;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;
import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;
import org.hibernate.validator.constraintvalidation.HibernateConstraintValidatorContext;

/**
 * A body's text that fits the column it is stored in ({@link TextLimits}), trimmed as it is stored; null is valid.
 * The message names the limit and the value's length, as {@link TextLimits#check} does for the texts outside bodies.
 */
@Documented
@Constraint(validatedBy = Fits.Validator.class)
@Target({FIELD, PARAMETER, RECORD_COMPONENT, TYPE_USE})
@Retention(RUNTIME)
public @interface Fits {

    TextLimits value();

    String message() default "must be at most {max} characters; it has {length}";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    class Validator implements ConstraintValidator<Fits, String> {

        private int max;

        @Override
        public void initialize(Fits fits) {
            max = fits.value().maxLength;
        }

        @Override
        public boolean isValid(String value, ConstraintValidatorContext context) {
            if (value == null) {
                return true;
            }
            String stored = value.trim();
            int length = stored.codePointCount(0, stored.length());
            if (length <= max) {
                return true;
            }
            context.unwrap(HibernateConstraintValidatorContext.class)
                    .addMessageParameter("max", max)
                    .addMessageParameter("length", length);
            return false;
        }
    }
}
