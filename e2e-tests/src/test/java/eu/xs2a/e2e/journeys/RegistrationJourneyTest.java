package eu.xs2a.e2e.journeys;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.restassured.response.Response;
import java.security.cert.CertificateEncodingException;
import java.time.Instant;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jose4j.jws.AlgorithmIdentifiers;
import org.jose4j.jws.JsonWebSignature;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.lang.JoseException;
import org.junit.jupiter.api.Test;

/**
 * (a) A TPP registers with the Berlin Group variant (signed with its sandbox QSEAL) and adds a second certificate;
 * (f) a TPP registers its software with open-banking dynamic client registration: a software statement from the
 * sandbox directory, a registration JWT signed with its QSEAL (x5c), then a certificate added with the client's
 * credentials.
 */
class RegistrationJourneyTest extends Journey {

    static final String BG_REGISTER = "/api/berlingroup/v1/tpp/register";
    static final String BG_CERTIFICATES = "/api/berlingroup/v1/tpp/certificates";
    static final String BG_TPP = "/api/berlingroup/v1/tpp";
    static final String OB_REGISTER = "/api/open-banking/v3.1/tpp/register";
    static final String OB_CERTIFICATES = "/api/open-banking/v3.1/tpp/certificates";
    /** The sandbox ASPSP's id for the registration JWT's aud (psd2.registration.aspsp-id). */
    static final String ASPSP_ID = "sandbox-aspsp";

    @Test
    void berlinGroupRegistrationThenASecondCertificate() {
        Tpp aisp = newTpp("Delta Accounts Ltd", "PSP_AI");
        Response registered = aisp.post(BG_REGISTER, Map.of(), """
                {"company": {"name": "Delta Accounts Ltd", "email": "office@delta.example", "address": "Hauptstrasse 1",
                             "phone_number": "+49 30 1234567", "zip_code": "10115", "city": "Berlin"},
                 "representative": {"name": "Dana Delta", "email": "dana@delta.example"},
                 "certificate": {"name": "delta-qseal-1", "type": "qseal"}}
                """);
        assertStatus(200, registered);
        assertEquals(aisp.organizationIdentifier(), registered.jsonPath().getString("id"), registered.asString());
        assertEquals(Set.of("accounts", "transactions", "kyc"), new HashSet<>(registered.jsonPath().getList("scopes")));
        assertEquals(1, registered.jsonPath().getList("certificates").size());

        // the same organisation's second QSEAL, now also a PISP: added with a request signed by that certificate
        Tpp second = aisp.newCertificate("PSP_AI", "PSP_PI");
        Response added = second.post(BG_CERTIFICATES, Map.of(), "{\"certificate\": {\"name\": \"delta-qseal-2\", \"type\": \"qseal\"}}");
        assertStatus(200, added);
        assertEquals(2, added.jsonPath().getList("certificates").size(), added.asString());
        assertTrue(added.jsonPath().getList("certificates.serial").contains(second.serialHex()), added.asString());
        assertTrue(added.jsonPath().getList("scopes").containsAll(List.of("payments", "funds_availability")), added.asString());

        // either certificate now reads the same registration
        assertEquals(2, aisp.get(BG_TPP).jsonPath().getList("certificates").size());

        // a required field missing is WrongRequiredFields (401 on registration endpoints)
        Response incomplete = newTpp("Epsilon", "PSP_AI").post(BG_REGISTER, Map.of(),
                "{\"company\": {\"name\": \"Epsilon\"}, \"certificate\": {\"name\": \"e\", \"type\": \"qseal\"}}");
        assertError(incomplete, 401, "WrongRequiredFields", "FORMAT_ERROR");
    }

    @Test
    void dynamicClientRegistrationWithASoftwareStatementFromTheSandbox() throws Exception {
        Tpp tpp = newTpp("Zeta Open Banking", "PSP_AI", "PSP_PI");
        String redirect = "https://zeta.example/callback";
        Response ssa = given().baseUri(stack.baseUrl()).contentType("application/json").body(Map.of(
                        "org_id", tpp.organizationIdentifier(), "org_name", tpp.name(),
                        "software_client_name", "Zeta App", "software_redirect_uris", List.of(redirect),
                        "software_roles", List.of("PSP_AI", "PSP_PI"), "contact_email", "dev@zeta.example"))
                .post("/api/sandbox/v1/software-statements");
        assertStatus(200, ssa);
        String softwareId = ssa.jsonPath().getString("software_id");
        String statement = ssa.jsonPath().getString("software_statement");

        Response client = register(registrationJwt(tpp, softwareId, statement, List.of(redirect)));
        assertStatus(200, client);
        assertNotNull(client.jsonPath().getString("client_id"), client.asString());
        assertNotNull(client.jsonPath().getString("client_secret"), "client_secret_basic is the default");
        assertEquals(softwareId, client.jsonPath().getString("software_id"));
        assertEquals(List.of(redirect), client.jsonPath().getList("redirect_uris"));
        assertEquals("client_secret_basic", client.jsonPath().getString("token_endpoint_auth_method"));

        // the same software again, by the same organisation (a response lost on the way): its client, a new secret
        Response again = register(registrationJwt(tpp, softwareId, statement, List.of(redirect)));
        assertStatus(200, again);
        assertEquals(client.jsonPath().getString("client_id"), again.jsonPath().getString("client_id"));
        assertNotEquals(client.jsonPath().getString("client_secret"), again.jsonPath().getString("client_secret"));

        // a redirect URI outside the statement's set is refused
        Tpp other = newTpp("Eta Open Banking", "PSP_AI");
        String otherStatement = given().baseUri(stack.baseUrl()).contentType("application/json").body(Map.of(
                        "org_id", other.organizationIdentifier(), "software_client_name", "Eta App",
                        "software_redirect_uris", List.of("https://eta.example/cb"), "software_roles", List.of("PSP_AI")))
                .post("/api/sandbox/v1/software-statements").jsonPath().getString("software_statement");
        String otherId = softwareIdOf(otherStatement);
        Response outside = register(registrationJwt(other, otherId, otherStatement, List.of("https://evil.example/cb")));
        assertEquals(406, outside.statusCode(), outside.asString());

        // a JWT whose x5c is another organisation's certificate is refused (AccessDenied, 401 on registration)
        Response foreign = register(registrationJwt(tpp, otherId, otherStatement, List.of("https://eta.example/cb")));
        assertEquals(401, foreign.statusCode(), foreign.asString());
        assertEquals("AccessDenied", foreign.jsonPath().getString("error_text"));
        assertEquals("CERTIFICATE_INVALID", foreign.jsonPath().getString("error_code"), "not SERVICE_BLOCKED: nobody is blocked");

        // the registered client adds a second QSEAL with its credentials: the secret of the second answer, since the
        // first one stopped working when it was given
        Tpp renewal = tpp.newCertificate("PSP_AI", "PSP_PI");
        Response added = given().baseUri(stack.baseUrl())
                .auth().preemptive().basic(again.jsonPath().getString("client_id"), again.jsonPath().getString("client_secret"))
                .contentType("application/json")
                .body(Map.of("data", Map.of("certificate", Map.of("pem", renewal.certificatePem(), "name", "zeta-2", "type", "qseal"))))
                .post(OB_CERTIFICATES);
        assertStatus(200, added);
        assertEquals(tpp.organizationIdentifier(), added.jsonPath().getString("data.organisation_id"), added.asString());
    }

    private static Response register(String jwt) {
        return given().baseUri(stack.baseUrl()).contentType("application/jwt")
                .body(jwt.getBytes(java.nio.charset.StandardCharsets.US_ASCII)).post(OB_REGISTER);
    }

    /** The registration request: claims of the interface, signed PS256 with the TPP's QSEAL, the QSEAL in x5c. */
    static String registrationJwt(Tpp tpp, String softwareId, String statement, List<String> redirectUris)
            throws JoseException, CertificateEncodingException {
        JwtClaims claims = new JwtClaims();
        long now = Instant.now().getEpochSecond();
        claims.setIssuer(softwareId);
        claims.setClaim("iat", now);
        claims.setClaim("exp", now + 300);
        claims.setAudience(ASPSP_ID);
        claims.setClaim("grant_types", List.of("client_credentials", "authorization_code", "refresh_token"));
        claims.setClaim("software_statement", statement);
        claims.setClaim("redirect_uris", redirectUris);
        claims.setClaim("scope", "openid accounts payments");
        claims.setClaim("token_endpoint_auth_signing_alg", "PS256");
        claims.setClaim("application_type", "web");
        JsonWebSignature jws = new JsonWebSignature();
        jws.setPayload(claims.toJson());
        jws.setAlgorithmHeaderValue(AlgorithmIdentifiers.RSA_PSS_USING_SHA256);
        jws.setHeader("typ", "JWT");
        jws.getHeaders().setObjectHeaderValue("x5c",
                List.of(Base64.getEncoder().encodeToString(tpp.certificate().getEncoded())));
        jws.setKey(tpp.privateKey());
        return jws.getCompactSerialization();
    }

    private static String softwareIdOf(String statement) throws JoseException {
        JsonWebSignature jws = new JsonWebSignature();
        jws.setCompactSerialization(statement);
        return (String) org.jose4j.json.JsonUtil.parseJson(jws.getUnverifiedPayload()).get("software_id");
    }
}
