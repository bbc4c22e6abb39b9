package eu.xs2a.payment.support;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;

import io.restassured.response.Response;
import io.restassured.response.ValidatableResponse;

/** Assertions on the standard error body (docs/ARCHITECTURE.md "Error contract"). */
public final class Errors {

    private Errors() {
    }

    public static ValidatableResponse expect(Response response, int status, String errorText) {
        return response.then()
                .statusCode(status)
                .body("error_text", equalTo(errorText))
                .body("tppMessages[0].category", equalTo("ERROR"))
                .body("error_code", notNullValue())
                .body("error_message", notNullValue());
    }
}
