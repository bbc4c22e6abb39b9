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

/** A body's text that, trimmed, is an e-mail address by {@link EmailAddresses}' check; null is valid. */
@Documented
@Constraint(validatedBy = EmailAddress.Validator.class)
@Target({FIELD, PARAMETER, RECORD_COMPONENT, TYPE_USE})
@Retention(RUNTIME)
public @interface EmailAddress {

    String message() default "'${validatedValue}' is not a valid e-mail address";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    class Validator implements ConstraintValidator<EmailAddress, String> {
        @Override
        public boolean isValid(String value, ConstraintValidatorContext context) {
            return value == null || EmailAddresses.valid(value.trim());
        }
    }
}
