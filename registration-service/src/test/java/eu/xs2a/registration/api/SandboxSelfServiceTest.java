package eu.xs2a.registration.api;

import static eu.xs2a.registration.support.Api.BG_REGISTER;
import static eu.xs2a.registration.support.Api.assertError;
import static eu.xs2a.registration.support.Api.registerJwt;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;

import eu.xs2a.registration.support.Api;
import eu.xs2a.registration.support.Jwts;
import eu.xs2a.security.client.Pem;
import eu.xs2a.security.client.RequestSigner;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.nio.charset.StandardCharsets;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Map;
import org.jose4j.jws.AlgorithmIdentifiers;
import org.junit.jupiter.api.Test;

/** The sandbox self-service: what it issues is accepted by the gateway's own endpoints. */
@QuarkusTest
class SandboxSelfServiceTest {

    static final String CERTIFICATES = "/api/sandbox/v1/certificates";
    static final String STATEMENTS = "/api/sandbox/v1/software-statements";

    private record Issued(X509Certificate certificate, PrivateKey key) {
        RequestSigner signer() {
            return new RequestSigner(key, certificate);
        }
    }

    private static Issued issue(String orgId, String... roles) throws Exception {
        Response response = given().contentType("application/json")
                .body(Map.of("organisationName", "Sandbox Dev Ltd", "organizationIdentifier", orgId, "roles", List.of(roles)))
                .post(CERTIFICATES);
        response.then().statusCode(200)
                .body("organizationIdentifier", equalTo(orgId))
                .body("certificate", containsString("BEGIN CERTIFICATE"))
                .body("privateKey", containsString("-----BEGIN PRIVATE KEY-----")) // PKCS#8, as most libraries read
                .body("caCertificate", containsString("BEGIN CERTIFICATE"))
                .body("notAfter", notNullValue());
        return new Issued(Pem.certificate(response.path("certificate")), Pem.privateKey(response.path("privateKey")));
    }

    @Test
    void anIssuedQsealIsTrustedForSignedRegistration() throws Exception {
        String orgId = Api.orgId();
        Issued issued = issue(orgId, "PSP_AI", "PSP_PI");
        byte[] body = BerlinGroupRegistrationTest.registration("office@dev.example", Api.email("dev"))
                .getBytes(StandardCharsets.UTF_8);
        Map<String, String> headers = issued.signer().sign("POST", BG_REGISTER, Map.of(), body);
        given().headers(headers).contentType("application/json").body(body).post(BG_REGISTER).then()
                .statusCode(200)
                .body("id", equalTo(orgId))
                .body("certificates[0].roles", containsInAnyOrder("PSP_AI", "PSP_PI"));
    }

    @Test
    void anIssuedSoftwareStatementRegistersAClient() throws Exception {
        String orgId = Api.orgId();
        Issued issued = issue(orgId, "PSP_AI");
        Response ssa = given().contentType("application/json").body(Map.of(
                        "software_client_name", "My Sandbox App", "org_id", orgId,
                        "software_redirect_uris", List.of("https://dev.example/cb"),
                        "software_roles", List.of("AISP"), "contact_email", Api.email("dev")))
                .post(STATEMENTS);
        ssa.then().statusCode(200).body("software_id", notNullValue()).body("software_statement", notNullValue());
        String softwareId = ssa.path("software_id");
        Map<String, Object> claims = Jwts.requestClaims(softwareId, ssa.path("software_statement"));
        claims.put("redirect_uris", List.of("https://dev.example/cb"));
        String jwt = Jwts.sign(claims, AlgorithmIdentifiers.RSA_PSS_USING_SHA256, issued.key(), null, issued.certificate());
        registerJwt(jwt).then().statusCode(200)
                .body("software_id", equalTo(softwareId))
                .body("client_name", equalTo("My Sandbox App"))
                .body("scope", equalTo("openid accounts"));
    }

    @Test
    void itIssuesNothingTheGatewayWouldRefuse() {
        for (String orgId : List.of("PSDDE-BAFIN-" + "1".repeat(129), "PSDXX-T-1,O=x", "my-org", "PSDDE-BAFIN-")) {
            assertError(given().contentType("application/json")
                    .body(Map.of("organisationName", "x", "organizationIdentifier", orgId, "roles", List.of("PSP_AI")))
                    .post(CERTIFICATES), 400, "FormatError", "organizationIdentifier");
        }
        assertError(given().contentType("application/json").body(Map.of("organisationName", "N".repeat(65),
                        "organizationIdentifier", Api.orgId(), "roles", List.of("PSP_AI")))
                .post(CERTIFICATES), 400, "FormatError", "at most 64 characters");

        for (String uri : List.of("javascript:alert(1)", "https://tpp.example/cb#x", "https://a.example/cb https://b.example")) {
            assertError(given().contentType("application/json").body(Map.of("software_client_name", "App",
                            "org_id", Api.orgId(), "software_redirect_uris", List.of(uri), "software_roles", List.of("AISP")))
                    .post(STATEMENTS), 400, "FormatError", "software_redirect_uris");
        }
        assertError(given().contentType("application/json").body(Map.of("software_client_name", "App",
                        "org_id", Api.orgId(), "software_id", "s".repeat(256),
                        "software_redirect_uris", List.of("https://dev.example/cb"), "software_roles", List.of("AISP")))
                .post(STATEMENTS), 400, "FormatError", "software_id must be at most 255");
    }

    @Test
    void badRequestsGetTheStandardErrorBody() {
        assertError(given().contentType("application/json").body(Map.of("organisationName", "x", "roles", List.of("PSP_AI")))
                .post(CERTIFICATES), 400, "FormatError", "organizationIdentifier");
        assertError(given().contentType("application/json")
                .body(Map.of("organisationName", "x", "organizationIdentifier", "PSDDE-X-1", "roles", List.of("PSP_XX")))
                .post(CERTIFICATES), 400, "FormatError", "PSP_XX");
        assertError(given().contentType("application/json").body(Map.of("org_id", "PSDDE-X-1"))
                .post(STATEMENTS), 400, "FormatError", "software_client_name");
    }
}
