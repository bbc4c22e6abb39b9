package eu.xs2a.consent.support;

import static io.restassured.RestAssured.given;

import eu.xs2a.testsupport.TestTpp;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/** Real signed Berlin Group requests from a test TPP (the exact body bytes that were signed are sent). */
public final class Signed {

    public static final String AIS = "/sandbox/api/berlingroup/v1/consents";
    public static final String FUNDS = "/sandbox/api/berlingroup/v2/consents/confirmation-of-funds";
    public static final String TPP_OK = "https://tpp.example/ok";
    public static final String TPP_NOK = "https://tpp.example/nok";

    private Signed() {
    }

    /** {@link #AIS} under another provider. */
    public static String ais(String providerCode) {
        return AIS.replaceFirst("^/sandbox/", "/" + providerCode + "/");
    }

    /** {@link #FUNDS} under another provider. */
    public static String funds(String providerCode) {
        return FUNDS.replaceFirst("^/sandbox/", "/" + providerCode + "/");
    }

    /** The usual SCA headers of a create: redirect preferred, ok and nok URIs. */
    public static Map<String, String> redirectHeaders() {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("TPP-Redirect-Preferred", "true");
        headers.put("TPP-Redirect-URI", TPP_OK);
        headers.put("TPP-Nok-Redirect-URI", TPP_NOK);
        return headers;
    }

    public static Response post(TestTpp tpp, String path, Map<String, String> headers, String body) {
        return post(tpp, path, headers, body.getBytes(StandardCharsets.UTF_8));
    }

    public static Response post(TestTpp tpp, String path, Map<String, String> headers, byte[] bytes) {
        Map<String, String> signed = tpp.signer().sign("POST", path, headers, bytes);
        return given().redirects().follow(false).headers(signed)
                .contentType("application/json").body(bytes)
                .post(path);
    }

    /** A signed PUT with a JSON body (an authorisation step). */
    public static Response put(TestTpp tpp, String path, Map<String, String> headers, String body) {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        Map<String, String> signed = tpp.signer().sign("PUT", path, headers, bytes);
        return given().redirects().follow(false).headers(signed).contentType("application/json").body(bytes).put(path);
    }

    public static Response get(TestTpp tpp, String path) {
        return request(tpp, path).get(path);
    }

    public static Response delete(TestTpp tpp, String path) {
        return request(tpp, path).delete(path);
    }

    private static RequestSpecification request(TestTpp tpp, String path) {
        return given().redirects().follow(false).headers(tpp.signer().sign("GET", path, Map.of(), new byte[0]));
    }

    /** An AIS consent body for the given accounts (balances and transactions on each). */
    public static String aisBody(String validUntil, int frequencyPerDay, boolean recurring, String... ibans) {
        StringBuilder refs = new StringBuilder();
        for (String iban : ibans) {
            if (refs.length() > 0) {
                refs.append(',');
            }
            refs.append("{\"iban\":\"").append(iban).append("\",\"currency\":\"EUR\"}");
        }
        return "{\"access\":{\"accounts\":[" + refs + "],\"balances\":[" + refs + "],\"transactions\":[" + refs
                + "]},\"recurringIndicator\":" + recurring
                + (validUntil == null ? "" : ",\"validUntil\":\"" + validUntil + "\"")
                + ",\"frequencyPerDay\":" + frequencyPerDay + ",\"combinedServiceIndicator\":false}";
    }
}
