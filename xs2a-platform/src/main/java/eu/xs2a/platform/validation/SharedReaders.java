package eu.xs2a.platform.validation;

import eu.xs2a.platform.error.Psd2Exception;
import jakarta.validation.ConstraintValidatorContext;
import java.util.function.Consumer;

/**
 * Lets a constraint validator use one of xs2a-platform's readers of a TPP's value ({@code Ibans},
 * {@code IsoCurrencies}, {@code IsoDates}), the one rule for each value in every service: the reader's refusal, which
 * starts with the field's name, becomes the violation's message without it, since {@link Violations} puts the field's
 * path in front.
 */
final class SharedReaders {

    /** Passed to a reader as the field's name: the refusal then starts with " ", dropped below. */
    private static final String NO_FIELD = "";

    private SharedReaders() {
    }

    /** Whether the reader takes the value; if not, its reason is this violation's message. */
    static boolean accepts(Consumer<String> reader, ConstraintValidatorContext context) {
        try {
            reader.accept(NO_FIELD);
            return true;
        } catch (Psd2Exception refused) {
            return refuse(refused.getMessage().strip(), context);
        }
    }

    /** Makes the text, which may quote what the TPP sent, this violation's message; always false. */
    static boolean refuse(String message, ConstraintValidatorContext context) {
        context.disableDefaultConstraintViolation();
        context.buildConstraintViolationWithTemplate(literal(message)).addConstraintViolation();
        return false;
    }

    /**
     * The text as a message template that interpolates to itself: the refusal quotes what the TPP sent, and a
     * template would otherwise read "{" and "$" in it as parameters and expressions.
     */
    static String literal(String text) {
        StringBuilder template = new StringBuilder(text.length() + 8);
        for (char c : text.toCharArray()) {
            if (c == '\\' || c == '{' || c == '}' || c == '$') {
                template.append('\\');
            }
            template.append(c);
        }
        return template.toString();
    }
}
