package eu.xs2a.platform.bank;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;

/**
 * Why a call to a bank failed, read once from what the REST client threw: the input of {@link BankTranslation}
 * and of a port's own {@link BankRefusals}.
 *
 * @param kind    whether the bank answered
 * @param status  the bank's HTTP status, 0 when it did not answer
 * @param code    the bank's error code ({@code {"code","message"}}, aspsp-sandbox/BANK-API.md), "" when none
 * @param message the bank's error message, "" when none
 * @param cause   what the REST client or the guard threw
 */
public record BankFailure(Kind kind, int status, String code, String message, RuntimeException cause) {

    private static final ObjectMapper JSON = new ObjectMapper();

    public enum Kind {
        /** Connection refused or reset, connect or read timeout: the bank was asked, but did not answer. */
        NO_ANSWER,
        /** The provider's circuit is open or its bulkhead full: the bank was not asked. */
        NOT_CALLED,
        /** The bank answered with an error status. */
        ANSWERED
    }

    public static BankFailure of(RuntimeException thrown) {
        if (thrown instanceof CallGuard.NotCalled) {
            return new BankFailure(Kind.NOT_CALLED, 0, "", "", thrown);
        }
        Response response = thrown instanceof WebApplicationException answered ? answered.getResponse() : null;
        if (response == null) {
            return new BankFailure(Kind.NO_ANSWER, 0, "", "", thrown);
        }
        JsonNode error = errorBody(response);
        return new BankFailure(Kind.ANSWERED, response.getStatus(), error.path("code").asText(""),
                error.path("message").asText(""), thrown);
    }

    /** The bank answered this status with this error code. */
    public boolean is(int status, String code) {
        return kind == Kind.ANSWERED && this.status == status && this.code.equals(code);
    }

    private static JsonNode errorBody(Response response) {
        try {
            String text = response.hasEntity() ? response.readEntity(String.class) : "";
            return text.isBlank() ? JSON.createObjectNode() : JSON.readTree(text);
        } catch (Exception unreadable) {
            // not the bank's error layout (a proxy's HTML page, a cut connection): the status alone decides
            return JSON.createObjectNode();
        }
    }
}
