package eu.xs2a.account.support;

import static io.restassured.RestAssured.given;

import eu.xs2a.testsupport.TestTpp;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/** Signed calls to the service under test, exactly as a TPP makes them. */
public final class Calls {

    public static final String P = "/sandbox/api/berlingroup/v1";

    private Calls() {
    }

    public static Response get(TestTpp tpp, String pathAndQuery, Map<String, String> headers) {
        return signed(tpp, "GET", pathAndQuery, headers, null).get(pathAndQuery);
    }

    public static Response post(TestTpp tpp, String path, Map<String, String> headers, String body) {
        return signed(tpp, "POST", path, headers, body).post(path);
    }

    /** A GET with only Consent-ID (unattended: no PSU-IP-Address). */
    public static Response get(TestTpp tpp, String pathAndQuery, String consentId) {
        return get(tpp, pathAndQuery, Map.of("Consent-ID", consentId));
    }

    /** A GET with Consent-ID and PSU-IP-Address (PSU present: not counted). */
    public static Response getWithPsu(TestTpp tpp, String pathAndQuery, String consentId) {
        return get(tpp, pathAndQuery, Map.of("Consent-ID", consentId, "PSU-IP-Address", "192.0.2.10"));
    }

    public static Response postJson(TestTpp tpp, String path, String consentId, String json) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Consent-ID", consentId);
        headers.put("Content-Type", "application/json");
        return post(tpp, path, headers, json);
    }

    private static RequestSpecification signed(TestTpp tpp, String method, String path, Map<String, String> headers,
                                               String body) {
        byte[] bytes = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
        Map<String, String> all = tpp.signer().sign(method, path, headers, bytes);
        RequestSpecification spec = given().urlEncodingEnabled(false).headers(all);
        if (body != null) {
            spec = spec.body(bytes);
        }
        return spec;
    }

    /** The answer is the standard error body with this status and class. */
    public static void error(Response response, int status, String errorText) {
        response.then().statusCode(status)
                .body("error_text", org.hamcrest.Matchers.equalTo(errorText))
                .body("tppMessages[0].category", org.hamcrest.Matchers.equalTo("ERROR"))
                .body("error_message", org.hamcrest.Matchers.notNullValue());
    }
}
