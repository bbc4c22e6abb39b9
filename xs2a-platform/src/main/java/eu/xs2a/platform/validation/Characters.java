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

/**
 * An optional text that, when sent, has 1 to {@link #max} characters and not only white space, each one a character
 * free text may hold ({@link FreeText}: no control or format characters, or the provider's narrower set). Characters
 * are Unicode code points, as the Berlin Group's maxLength and PostgreSQL's varchar count them (a character outside
 * the BMP is two Java chars). Null is valid. A wrong length reads "must be 1 to {max} characters"; a refused character
 * reads as {@link FreeTexts} says, with its position.
 */
@Documented
@Constraint(validatedBy = Characters.Validator.class)
@Target({FIELD, PARAMETER, RECORD_COMPONENT, TYPE_USE})
@Retention(RUNTIME)
public @interface Characters {

    int max();

    String message() default "must be 1 to {max} characters";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    class Validator implements ConstraintValidator<Characters, CharSequence> {

        /** What {@code \s} matches in a Java pattern: only these count as white space here. */
        private static final String WHITE_SPACE = " \t\n\u000B\f\r";

        private int max;

        @Override
        public void initialize(Characters constraint) {
            this.max = constraint.max();
        }

        @Override
        public boolean isValid(CharSequence value, ConstraintValidatorContext context) {
            if (value == null) {
                return true;
            }
            int length = Character.codePointCount(value, 0, value.length());
            if (length < 1 || length > max || onlyWhiteSpace(value)) {
                return false;
            }
            String refusal = FreeTexts.refusal(value, FreeText.Validator.charset(context));
            return refusal == null || SharedReaders.refuse(refusal, context);
        }

        private static boolean onlyWhiteSpace(CharSequence value) {
            for (int i = 0; i < value.length(); i++) {
                if (WHITE_SPACE.indexOf(value.charAt(i)) < 0) {
                    return false;
                }
            }
            return true;
        }
    }
}
