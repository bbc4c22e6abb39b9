package eu.xs2a.platform.validation;

import eu.xs2a.platform.error.ErrorClass;
import eu.xs2a.platform.error.Psd2Exception;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.ConstraintViolationException;
import jakarta.validation.ElementKind;
import jakarta.validation.Path;
import jakarta.validation.Validator;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Bean Validation's violations as the one exception of the error contract: the error class the first violation's
 * constraint names ({@link AnsweredAs}), and a text of each violation of that class as "field message", in field
 * order, where the field is the path in the TPP's body ({@code creditorAccount.iban}, {@code access.accounts[0]}).
 * A field that is missing is only said to be missing (its other constraints fail on nothing too). A single violation
 * reads exactly as the hand-written checks it replaces did. When one field is at fault, it is the refusal's path.
 */
public final class Violations {

    private static final Comparator<ConstraintViolation<?>> IN_FIELD_ORDER =
            Comparator.comparing(v -> field(v.getPropertyPath()));

    private Violations() {
    }

    /**
     * The value, if it meets its constraints (cascading where they say {@code @Valid}); else the
     * ConstraintViolationException that the error mappers answer with {@link #refusal}.
     */
    public static <T> T checked(Validator validator, T value) {
        Set<ConstraintViolation<T>> violations = validator.validate(value);
        if (!violations.isEmpty()) {
            throw new ConstraintViolationException(violations);
        }
        return value;
    }

    public static Psd2Exception refusal(Collection<? extends ConstraintViolation<?>> violations) {
        Set<String> missing = violations.stream().filter(Violations::isMissing)
                .map(v -> field(v.getPropertyPath())).collect(Collectors.toSet());
        List<ConstraintViolation<?>> sorted = violations.stream()
                .filter(v -> isMissing(v) || !missing.contains(field(v.getPropertyPath())))
                .sorted(IN_FIELD_ORDER)
                .collect(Collectors.toList());
        if (sorted.isEmpty()) {
            return new Psd2Exception(ErrorClass.FORMAT_ERROR, "The request is invalid");
        }
        ErrorClass errorClass = errorClass(sorted.get(0));
        List<ConstraintViolation<?>> answered = sorted.stream().filter(v -> errorClass(v) == errorClass).toList();
        String text = answered.stream()
                .map(Violations::describe)
                .distinct()
                .collect(Collectors.joining("; "));
        Set<String> fields = answered.stream().map(v -> field(v.getPropertyPath())).collect(Collectors.toSet());
        Psd2Exception refusal = new Psd2Exception(errorClass, text);
        return fields.size() == 1 ? refusal.at(fields.iterator().next()) : refusal;
    }

    /** A required field's violation: no value, or (for a text) nothing but white space. */
    private static boolean isMissing(ConstraintViolation<?> violation) {
        Class<?> constraint = violation.getConstraintDescriptor().getAnnotation().annotationType();
        return constraint == NotNull.class || constraint == NotBlank.class || constraint == NotEmpty.class;
    }

    private static ErrorClass errorClass(ConstraintViolation<?> violation) {
        return AnsweredAs.errorClass(violation.getConstraintDescriptor().getPayload());
    }

    private static String describe(ConstraintViolation<?> violation) {
        String field = field(violation.getPropertyPath());
        return field.isEmpty() ? violation.getMessage() : field + " " + violation.getMessage();
    }

    /**
     * The path as the TPP names the field: without the method and parameter a resource's validation starts with, and
     * without the names Bean Validation gives a list's elements ({@code <list element>}).
     */
    static String field(Path path) {
        StringBuilder field = new StringBuilder();
        for (Path.Node node : path) {
            ElementKind kind = node.getKind();
            if (kind == ElementKind.METHOD || kind == ElementKind.CONSTRUCTOR || kind == ElementKind.PARAMETER
                    || kind == ElementKind.CROSS_PARAMETER || kind == ElementKind.RETURN_VALUE) {
                continue;
            }
            if (node.isInIterable()) {
                field.append('[').append(node.getIndex() != null ? node.getIndex()
                        : node.getKey() != null ? node.getKey() : "").append(']');
            }
            if (kind != ElementKind.CONTAINER_ELEMENT && node.getName() != null) {
                if (!field.isEmpty()) {
                    field.append('.');
                }
                field.append(node.getName());
            }
        }
        return field.toString();
    }
}
