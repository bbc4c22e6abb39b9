package eu.xs2a.platform.validation;

import eu.xs2a.platform.error.ErrorClass;
import jakarta.validation.Payload;
import java.util.Map;
import java.util.Set;

/**
 * The error class a Bean Validation constraint's violation is answered with, named by the constraint's payload
 * ({@code @NotNull(payload = AnsweredAs.CountryNameInvalid.class)}); a constraint without one is a FormatError, the
 * class of nearly every bad field value.
 */
public final class AnsweredAs {

    /** CountryNameInvalid (400): a country code that ISO 3166 does not have. */
    public interface CountryNameInvalid extends Payload {
    }

    /** WrongRequiredFields (401): a registration body's missing or bad field. */
    public interface WrongRequiredFields extends Payload {
    }

    private static final Map<Class<? extends Payload>, ErrorClass> CLASSES = Map.of(
            CountryNameInvalid.class, ErrorClass.COUNTRY_NAME_INVALID,
            WrongRequiredFields.class, ErrorClass.WRONG_REQUIRED_FIELDS);

    private AnsweredAs() {
    }

    /** The class a constraint with this payload is answered with. */
    static ErrorClass errorClass(Set<Class<? extends Payload>> payload) {
        for (Class<? extends Payload> type : payload) {
            ErrorClass errorClass = CLASSES.get(type);
            if (errorClass != null) {
                return errorClass;
            }
        }
        return ErrorClass.FORMAT_ERROR;
    }
}
