package eu.xs2a.security.error;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * The one error layout of every service: the Berlin Group {@code tppMessages} plus the interface's
 * {@code error_code}, {@code error_text} and {@code error_message}.
 */
public record ErrorBody(
        List<TppMessage> tppMessages,
        @JsonProperty("error_code") String errorCode,
        @JsonProperty("error_text") String errorText,
        @JsonProperty("error_message") String errorMessage) {

    public record TppMessage(String category, String code, String text) {
    }

    public static ErrorBody of(ErrorClass errorClass, String message) {
        String text = message == null || message.isBlank() ? errorClass.text() : message;
        return new ErrorBody(List.of(new TppMessage("ERROR", errorClass.code(), text)),
                errorClass.code(), errorClass.text(), text);
    }
}
