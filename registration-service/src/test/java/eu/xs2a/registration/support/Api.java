package eu.xs2a.registration.support;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.containsString;

import eu.xs2a.testsupport.TestTpp;
import io.restassured.response.Response;
import io.restassured.response.ValidatableResponse;
import io.restassured.specification.RequestSpecification;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.UUID;

/** HTTP calls of the tests: signed Berlin Group requests, open-banking registration, and error body checks. */
public final class Api {

    public static final String BG_REGISTER = "/api/berlingroup/v1/tpp/register";
    public static final String BG_CERTIFICATES = "/api/berlingroup/v1/tpp/certificates";
    public static final String BG_TPP = "/api/berlingroup/v1/tpp";
    public static final String OB_REGISTER = "/api/open-banking/v3.1/tpp/register";
    public static final String OB_CERTIFICATES = "/api/open-banking/v3.1/tpp/certificates";

    private Api() {
    }

    /** A request signed by the TPP's QSEAL (X-Request-ID, Date, Digest, Signature, TPP-Signature-Certificate). */
    public static Response signed(TestTpp tpp, String method, String path, String jsonBody) {
        byte[] body = jsonBody == null ? new byte[0] : jsonBody.getBytes(StandardCharsets.UTF_8);
        Map<String, String> headers = tpp.signer().sign(method, path, Map.of(), body);
        RequestSpecification request = given().headers(headers);
        if (jsonBody != null) {
            request = request.contentType("application/json").body(body);
        }
        return request.when().request(method, path);
    }

    public static Response registerJwt(String jwt) {
        return given().contentType("application/jwt").body(jwt.getBytes(StandardCharsets.US_ASCII))
                .when().post(OB_REGISTER);
    }

    /** The standard error body with the interface's class, its status and a message naming the fault. */
    public static ValidatableResponse assertError(Response response, int status, String errorText, String messagePart) {
        return response.then()
                .statusCode(status)
                .body("error_text", equalTo(errorText))
                .body("tppMessages[0].category", equalTo("ERROR"))
                .body("error_message", containsString(messagePart))
                .body("error_message", not(containsString("Exception")));
    }

    public static String orgId() {
        return "PSDDE-BAFIN-T" + UUID.randomUUID().toString().substring(0, 8).toUpperCase(); // NCA id DE-BAFIN, as in live
    }

    public static String email(String who) {
        return who + "-" + UUID.randomUUID().toString().substring(0, 8) + "@tpp.example";
    }
}
