package eu.xs2a.payment.support;

import static io.restassured.RestAssured.given;

import eu.xs2a.security.tpp.Role;
import eu.xs2a.testsupport.TestPki;
import eu.xs2a.testsupport.TestTpp;
import io.restassured.config.EncoderConfig;
import io.restassured.config.RedirectConfig;
import io.restassured.config.RestAssuredConfig;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/** The test TPPs (certificates made at test time by the shared test CA) and real signed requests. */
public final class Tpps {

    /** A payment initiation TPP. */
    public static final TestTpp ALPHA = TestPki.shared().tpp("PSDDE-BAFIN-801111", "Alpha Payments", Role.PSP_PI);
    /** Another PISP: must never see ALPHA's payments. */
    public static final TestTpp BETA = TestPki.shared().tpp("PSDDE-BAFIN-802222", "Beta Payments", Role.PSP_PI, Role.PSP_AI);
    /** An account information TPP only: no business on payment endpoints. */
    public static final TestTpp AIS_ONLY = TestPki.shared().tpp("PSDDE-BAFIN-803333", "Gamma Accounts", Role.PSP_AI);

    /** Bodies are sent as the exact bytes that were signed; nothing appended to Content-Type; no redirects followed. */
    public static final RestAssuredConfig RAW = RestAssuredConfig.config()
            .encoderConfig(EncoderConfig.encoderConfig().appendDefaultContentCharsetToContentTypeIfUndefined(false))
            .redirect(RedirectConfig.redirectConfig().followRedirects(false));

    private Tpps() {
    }

    public static Response send(TestTpp tpp, String method, String path, Map<String, String> headers, String body) {
        return request(tpp, method, path, headers, body, null).request(method, path);
    }

    /** The same, with a chosen X-Request-ID (replay tests). */
    public static Response send(TestTpp tpp, String method, String path, Map<String, String> headers, String body,
                                String requestId) {
        return request(tpp, method, path, headers, body, requestId).request(method, path);
    }

    public static RequestSpecification request(TestTpp tpp, String method, String path, Map<String, String> headers,
                                               String body, String requestId) {
        byte[] bytes = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
        Map<String, String> extra = new LinkedHashMap<>(headers);
        extra.remove("Content-Type");
        Map<String, String> signed = requestId == null
                ? tpp.signer().sign(method, path, extra, bytes)
                : tpp.signer().sign(method, path, extra, bytes, requestId);
        RequestSpecification spec = given().config(RAW).headers(signed);
        if (body != null) {
            spec.header("Content-Type", headers.getOrDefault("Content-Type", "application/json")).body(bytes);
        }
        return spec;
    }

    public static Response get(TestTpp tpp, String path) {
        return send(tpp, "GET", path, Map.of(), null);
    }
}
