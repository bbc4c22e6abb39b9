package eu.xs2a.platform.error;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.List;

/**
 * The one error layout of every service: the Berlin Group {@code tppMessages} plus the interface's
 * {@code error_code}, {@code error_text} and {@code error_message}; in the sandbox, a SignatureInvalid over a signature
 * or Digest that did not match also carries {@code signatureDebug} (an extension, absent otherwise).
 */
@RegisterForReflection
public record ErrorBody(
        List<TppMessage> tppMessages,
        @JsonProperty("error_code") String errorCode,
        @JsonProperty("error_text") String errorText,
        @JsonProperty("error_message") String errorMessage,
        @JsonInclude(JsonInclude.Include.NON_NULL) SignatureDebug signatureDebug) {

    /** The Berlin Group's limit on a tppMessage's text (tppMessageText, Max500Text). */
    public static final int MAX_TEXT_LENGTH = 500;
    /** The Berlin Group's limit on a tppMessage's path (Max128Text): a longer one is left out rather than cut. */
    static final int MAX_PATH_LENGTH = 128;
    private static final String CUT = "…";

    /** Berlin Group's tppMessage; {@code path} (Max128Text) points at the field at fault, absent when none is. */
    @JsonPropertyOrder({"category", "code", "path", "text"})
    public record TppMessage(String category, String code, @JsonInclude(JsonInclude.Include.NON_NULL) String path,
                             String text) {
    }

    /**
     * The body of an error; a message over 500 characters (one that quotes a long value the TPP sent, say) is cut
     * there, ending in "…", so that the body stays within the Berlin Group's schema.
     */
    public static ErrorBody of(ErrorClass errorClass, String message) {
        return of(errorClass, message, null);
    }

    private static ErrorBody of(ErrorClass errorClass, String message, String path) {
        String text = message == null || message.isBlank() ? errorClass.text() : shortened(message);
        String shownPath = path == null || path.length() > MAX_PATH_LENGTH ? null : path;
        return new ErrorBody(List.of(new TppMessage("ERROR", errorClass.code(), shownPath, text)),
                errorClass.code(), errorClass.text(), text, null);
    }

    /** The body of a {@link Psd2Exception}: {@link #of(ErrorClass, String)} plus its signature debugger detail, if any. */
    public static ErrorBody of(Psd2Exception e) {
        ErrorBody body = of(e.errorClass(), e.getMessage(), e.path());
        return e.signatureDebug() == null ? body : new ErrorBody(body.tppMessages, body.errorCode, body.errorText,
                body.errorMessage, e.signatureDebug());
    }

    private static String shortened(String message) {
        if (message.length() <= MAX_TEXT_LENGTH) {
            return message;
        }
        int end = MAX_TEXT_LENGTH - CUT.length();
        if (Character.isHighSurrogate(message.charAt(end - 1))) {
            end--;   // never half a character
        }
        return message.substring(0, end) + CUT;
    }
}
