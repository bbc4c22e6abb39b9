package eu.xs2a.platform.validation;

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
 * A free text (a name, an address line, remittance information) whose characters {@link FreeTexts} accepts: by
 * default any but control and format characters; the provider's {@link TextCharset} when the body is read for one
 * (xs2a-platform's {@code JsonBodies.read} with a charset, which hands it to the validator as Hibernate Validator's
 * constraint validator payload). Null is valid; lengths are other constraints' ({@code @CodePointLength}), and
 * {@link Characters} includes this rule.
 */
@Documented
@Constraint(validatedBy = FreeText.Validator.class)
@Target({FIELD, PARAMETER, RECORD_COMPONENT, TYPE_USE})
@Retention(RUNTIME)
public @interface FreeText {

    String message() default "has a character that is not allowed";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    class Validator implements ConstraintValidator<FreeText, CharSequence> {
        @Override
        public boolean isValid(CharSequence value, ConstraintValidatorContext context) {
            String refusal = FreeTexts.refusal(value, charset(context));
            return refusal == null || SharedReaders.refuse(refusal, context);
        }

        /** The provider's set, when the body is read for one; else the default. */
        static TextCharset charset(ConstraintValidatorContext context) {
            TextCharset charset = context.unwrap(HibernateConstraintValidatorContext.class)
                    .getConstraintValidatorPayload(TextCharset.class);
            return charset == null ? TextCharset.UNICODE : charset;
        }
    }
}
