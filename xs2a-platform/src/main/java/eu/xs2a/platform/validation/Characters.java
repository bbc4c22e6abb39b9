package eu.xs2a.platform.validation;

import static java.lang.annotation.ElementType.FIELD;
import static java.lang.annotation.ElementType.PARAMETER;
import static java.lang.annotation.ElementType.RECORD_COMPONENT;
import static java.lang.annotation.ElementType.TYPE_USE;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import jakarta.validation.Constraint;
import jakarta.validation.OverridesAttribute;
import jakarta.validation.Payload;
import jakarta.validation.ReportAsSingleViolation;
import jakarta.validation.constraints.Pattern;
import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;
import org.hibernate.validator.constraints.CodePointLength;

/**
 * An optional text that, when sent, has 1 to {@link #max} characters and not only white space. Characters are
 * Unicode code points, as the Berlin Group's maxLength and PostgreSQL's varchar count them (a character outside the
 * BMP is two Java chars). Null is valid.
 */
@Documented
@Constraint(validatedBy = {})
@Target({FIELD, PARAMETER, RECORD_COMPONENT, TYPE_USE})
@Retention(RUNTIME)
@CodePointLength(min = 1)
@Pattern(regexp = "(?s).*\\S.*")
@ReportAsSingleViolation
public @interface Characters {

    @OverridesAttribute(constraint = CodePointLength.class, name = "max")
    int max();

    String message() default "must be 1 to {max} characters";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};
}
