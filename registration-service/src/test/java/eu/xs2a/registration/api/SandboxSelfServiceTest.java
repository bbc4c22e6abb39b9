package eu.xs2a.registration.api;

import static eu.xs2a.registration.support.Api.BG_REGISTER;
import static eu.xs2a.registration.support.Api.assertError;
import static eu.xs2a.registration.support.Api.registerJwt;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.xs2a.registration.support.Api;
import eu.xs2a.registration.support.Jwts;
import eu.xs2a.security.client.Pem;
import eu.xs2a.security.client.RequestSigner;
import eu.xs2a.security.tpp.Role;
import eu.xs2a.testsupport.TestKeys;
import eu.xs2a.testsupport.TestPki;
import eu.xs2a.testsupport.TestTpp;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Map;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;
import org.bouncycastle.pkcs.jcajce.JcaPKCS10CertificationRequestBuilder;
import org.jose4j.json.JsonUtil;
import org.jose4j.jwk.JsonWebKey;
import org.jose4j.jwk.PublicJsonWebKey;
import org.jose4j.jws.AlgorithmIdentifiers;
import org.junit.jupiter.api.Test;

/**
 * The sandbox self-service: what it issues is accepted by the gateway's own endpoints, and an organisation's seal is
 * issued only to a caller that proves it holds the organisation (a request signed by a current, valid seal of it).
 */
@QuarkusTest
class SandboxSelfServiceTest {

    static final String CERTIFICATES = "/api/sandbox/v1/certificates";
    static final String STATEMENTS = "/api/sandbox/v1/software-statements";

    private record Issued(X509Certificate certificate, PrivateKey key, String orgId) {
        RequestSigner signer() {
            return new RequestSigner(key, certificate);
        }
    }

    /** A new organisation: the request names none, the sandbox mints its identifier. */
    private static Issued mint(String... roles) throws Exception {
        Response response = given().contentType("application/json")
                .body(Map.of("organisationName", "Sandbox Dev Ltd", "roles", List.of(roles)))
                .post(CERTIFICATES);
        response.then().statusCode(200)
                .body("organizationIdentifier", matchesPattern("PSDXX-SANDBOX-[0-9]{12}"))
                .body("certificate", containsString("BEGIN CERTIFICATE"))
                .body("caCertificate", containsString("BEGIN CERTIFICATE"))
                .body("notAfter", notNullValue());
        Issued issued = issued(response);
        // the key is PKCS#8 (as most libraries read it) and belongs to the certificate
        assertEquals("PKCS#8", issued.key().getFormat());
        Signature signature = Signature.getInstance("SHA256withRSA");
        signature.initSign(issued.key());
        signature.update(issued.orgId().getBytes(StandardCharsets.UTF_8));
        byte[] signed = signature.sign();
        signature.initVerify(issued.certificate().getPublicKey());
        signature.update(issued.orgId().getBytes(StandardCharsets.UTF_8));
        assertTrue(signature.verify(signed), "the private key does not belong to the certificate");
        return issued;
    }

    private static Issued issued(Response response) {
        return new Issued(Pem.certificate(response.path("certificate")), Pem.privateKey(response.path("privateKey")),
                response.path("organizationIdentifier"));
    }

    private static String certificateRequest(String orgId, String... roles) {
        return "{\"organisationName\":\"Sandbox Dev Ltd\",\"organizationIdentifier\":\"" + orgId
                + "\",\"roles\":[" + String.join(",", List.of(roles).stream().map(r -> "\"" + r + "\"").toList())
                + "]}";
    }

    /** A certificate request for {@code orgId} and the key of {@code keys}' certificate request. */
    private static String certificateRequest(String orgId, KeyPair keys, String... roles) {
        return JsonUtil.toJson(Map.of("organisationName", "Sandbox Dev Ltd", "organizationIdentifier", orgId,
                "roles", List.of(roles), "csr", Pem.certificationRequest(keys, "Sandbox Dev Ltd")));
    }

    /** A certificate request for {@code orgId}, signed by {@code signer} with the usual signed-request headers. */
    private static Response signedRequest(RequestSigner signer, String json) {
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        return given().headers(signer.sign("POST", CERTIFICATES, Map.of(), body)).contentType("application/json")
                .body(body).post(CERTIFICATES);
    }

    private static String orgIdOf(Issued issued) {
        return issued.orgId();
    }

    /** A new organisation's QSEAL for the key of a certificate request: the private key never leaves the test. */
    private static Issued mintFor(KeyPair keys, String... roles) {
        Response response = given().contentType("application/json").body(Map.of("organisationName", "Sandbox Dev Ltd",
                "roles", List.of(roles), "csr", Pem.certificationRequest(keys, "ignored subject"))).post(CERTIFICATES);
        response.then().statusCode(200)
                .body("organizationIdentifier", matchesPattern("PSDXX-SANDBOX-[0-9]{12}"))
                .body("$", not(hasKey("privateKey")));
        X509Certificate certificate = Pem.certificate(response.path("certificate"));
        assertArrayEquals(keys.getPublic().getEncoded(), certificate.getPublicKey().getEncoded());
        assertTrue(certificate.getSubjectX500Principal().getName().contains("O=Sandbox Dev Ltd"),
                certificate.getSubjectX500Principal().getName());
        return new Issued(certificate, keys.getPrivate(), response.path("organizationIdentifier"));
    }

    private static Response certificateRequestWithCsr(String csr) {
        return given().contentType("application/json").body(Map.of("organisationName", "Sandbox Dev Ltd",
                "roles", List.of("PSP_AI"), "csr", csr)).post(CERTIFICATES);
    }

    /** RSA and EC keys the TPP made itself are certified; the seals sign a registration and a renewal of their own. */
    @Test
    void aCertificateRequestsKeyIsCertifiedAndNoPrivateKeyIsAnswered() throws Exception {
        for (KeyPair keys : List.of(TestKeys.rsa(), TestKeys.ec())) {
            Issued issued = mintFor(keys, "PSP_AI", "PSP_PI");
            byte[] body = BerlinGroupRegistrationTest.registration("office@dev.example", Api.email("dev"))
                    .getBytes(StandardCharsets.UTF_8);
            given().headers(issued.signer().sign("POST", BG_REGISTER, Map.of(), body)).contentType("application/json")
                    .body(body).post(BG_REGISTER).then().statusCode(200).body("id", equalTo(issued.orgId()));

            // a renewal for the same key, signed with the seal, as any renewal is
            Response renewed = signedRequest(issued.signer(), certificateRequest(issued.orgId(), keys, "PSP_AI"));
            renewed.then().statusCode(200).body("organizationIdentifier", equalTo(issued.orgId()))
                    .body("$", not(hasKey("privateKey")));
            assertArrayEquals(keys.getPublic().getEncoded(),
                    Pem.certificate(renewed.path("certificate")).getPublicKey().getEncoded());
        }
    }

    @Test
    void aCertificateRequestTheGatewayWouldRefuseIsNotTaken() throws Exception {
        String notPkcs10 = "csr is not taken: it is not a PEM certificate request";
        for (String csr : List.of("", "hello", RequestSigner.pem(TestPki.shared().caCertificate()),
                Pem.pkcs8(TestKeys.ec().getPrivate()))) {
            assertError(certificateRequestWithCsr(csr), 400, "FormatError", notPkcs10)
                    .body("tppMessages[0].path", equalTo("csr"));
        }
        assertError(certificateRequestWithCsr("A".repeat(16_385)), 400, "FormatError", "more than 16384");
        assertError(certificateRequestWithCsr(Pem.certificationRequest(TestKeys.rsa(1024), "weak")), 400,
                "FormatError", "csr has an RSA key of 1024 bits; at least 2048 are required");

        // signed by another key than the one it asks to certify: no proof of possession
        KeyPair asked = TestKeys.rsa();
        KeyPair signer = TestKeys.rsa();
        String forged = pem(new JcaPKCS10CertificationRequestBuilder(new X500Name("CN=forged"), asked.getPublic())
                .build(new JcaContentSignerBuilder("SHA256withRSA").build(signer.getPrivate())));
        assertError(certificateRequestWithCsr(forged), 400, "FormatError", "does not prove that the requester holds");

        assertError(given().contentType("application/json").body(Map.of("organisationName", "Sandbox Dev Ltd",
                "roles", List.of("PSP_AI"), "csr", Map.of("pem", "x"))).post(CERTIFICATES), 400, "FormatError", "csr");
        // a named organisation still needs its seal's signature, whatever key is asked for
        assertError(given().contentType("application/json").body(certificateRequest(Api.orgId(), asked, "PSP_AI"))
                .post(CERTIFICATES), 403, "AccessDenied", "signed by a current, valid seal");
    }

    private static String pem(Object object) throws Exception {
        StringWriter out = new StringWriter();
        try (JcaPEMWriter writer = new JcaPEMWriter(out)) {
            writer.writeObject(object);
        }
        return out.toString();
    }

    @Test
    void anIssuedQsealIsTrustedForSignedRegistration() throws Exception {
        Issued issued = mint("PSP_AI", "PSP_PI");
        String orgId = orgIdOf(issued);
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
        Issued issued = mint("PSP_AI");
        String orgId = orgIdOf(issued);
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

    /** The statement's software_jwks is read as client registration reads it, so that a statement issued registers. */
    @Test
    void aSoftwareJwksOfPublicKeysIsTakenAndAnythingElseRefused() throws Exception {
        KeyPair pair = TestKeys.ec();
        PublicJsonWebKey jwk = PublicJsonWebKey.Factory.newPublicJwk(pair.getPublic());
        jwk.setKeyId("app-key-1");
        Map<String, Object> publicOnly = JsonUtil.parseJson(jwk.toJson(JsonWebKey.OutputControlLevel.PUBLIC_ONLY));
        statement(Map.of("keys", List.of(publicOnly))).then().statusCode(200).body("software_statement", notNullValue());
        jwk.setPrivateKey(pair.getPrivate());
        Map<String, Object> withPrivate = JsonUtil.parseJson(jwk.toJson(JsonWebKey.OutputControlLevel.INCLUDE_PRIVATE));
        assertError(statement(Map.of("keys", List.of(withPrivate))), 400, "FormatError",
                "software_jwks holds a private or secret key (kid app-key-1)").body("tppMessages[0].path",
                equalTo("software_jwks"));
        assertError(statement(Map.of("keys", List.of(Map.of("kty", "oct", "k", "c2VjcmV0")))), 400, "FormatError",
                "software_jwks holds a private or secret key");
        assertError(statement(Map.of("keys", "x")), 400, "FormatError", "software_jwks is not a JWKS");
        assertError(statement(Map.of("keys", List.of(Map.of("kty", "XYZ")))), 400, "FormatError",
                "software_jwks is not a JWKS of keys this ASPSP can read");
    }

    /**
     * A key of software_jwks signs registrations as the statement's organisation (and a registration of its known
     * software rotates the client's secret): such a statement is issued only to that organisation, proven by its seal.
     * Without software_jwks the statement is unsigned, as its registration must carry a seal of org_id itself.
     */
    @Test
    void aSoftwareJwksIsNamedOnlyByItsOwnOrganisation() throws Exception {
        String orgId = Api.orgId();
        PublicJsonWebKey jwk = PublicJsonWebKey.Factory.newPublicJwk(TestKeys.ec().getPublic());
        jwk.setKeyId("attacker-1");
        String body = statementBody(orgId, Map.of("keys",
                List.of(JsonUtil.parseJson(jwk.toJson(JsonWebKey.OutputControlLevel.PUBLIC_ONLY)))));

        assertError(given().contentType("application/json").body(body).post(STATEMENTS), 403, "AccessDenied",
                "software_jwks for org_id " + orgId).body("software_statement", nullValue());
        TestTpp stranger = TestPki.shared().tpp(Api.orgId(), "Stranger", Role.PSP_AI);
        assertError(Api.signed(stranger, "POST", STATEMENTS, body), 403, "AccessDenied",
                "signed with a seal of " + stranger.tppId());
        TestTpp own = TestPki.shared().tpp(orgId, "Own TPP", Role.PSP_AI);
        Api.signed(own, "POST", STATEMENTS, body).then().statusCode(200).body("software_statement", notNullValue());

        given().contentType("application/json").body(Map.of("software_client_name", "App", "org_id", orgId,
                        "software_redirect_uris", List.of("https://dev.example/cb"), "software_roles", List.of("AISP")))
                .post(STATEMENTS).then().statusCode(200);
    }

    /** A statement with this software_jwks for a new organisation, signed by a seal of it. */
    private static Response statement(Map<String, Object> jwks) {
        String orgId = Api.orgId();
        return Api.signed(TestPki.shared().tpp(orgId, "Own TPP", Role.PSP_AI), "POST", STATEMENTS,
                statementBody(orgId, jwks));
    }

    private static String statementBody(String orgId, Map<String, Object> jwks) {
        return JsonUtil.toJson(Map.of("software_client_name", "App", "org_id", orgId, "software_redirect_uris",
                List.of("https://dev.example/cb"), "software_roles", List.of("AISP"), "software_jwks", jwks));
    }

    @Test
    void badRequestsGetTheStandardErrorBody() {
        assertError(given().contentType("application/json").body(Map.of("roles", List.of("PSP_AI")))
                .post(CERTIFICATES), 400, "FormatError", "organisationName is required");
        assertError(given().contentType("application/json").post(CERTIFICATES), 400, "FormatError", "body is required");
        assertError(given().contentType("application/json")
                .body(Map.of("organisationName", "x", "organizationIdentifier", "PSDDE-X-1", "roles", List.of("PSP_XX")))
                .post(CERTIFICATES), 400, "FormatError", "PSP_XX");
        assertError(given().contentType("application/json").body(Map.of("org_id", "PSDDE-X-1"))
                .post(STATEMENTS), 400, "FormatError", "software_client_name");
    }

    @Test
    void everyRequestWithoutAnOrganisationMintsANewOne() throws Exception {
        String first = orgIdOf(mint("PSP_AI"));
        String second = orgIdOf(mint("PSP_AI"));
        assertNotEquals(first, second);
    }

    @Test
    void aNamedOrganisationIsServedOnlyWhenSignedByOneOfItsOwnSeals() throws Exception {
        Issued own = mint("PSP_AI");
        String orgId = orgIdOf(own);

        // unsigned: nobody may take the organisation by naming it
        assertError(given().contentType("application/json").body(certificateRequest(orgId, "PSP_AI", "PSP_PI"))
                .post(CERTIFICATES), 403, "AccessDenied", "organizationIdentifier " + orgId)
                .body("error_code", equalTo("CERTIFICATE_INVALID"))
                .body("error_message", containsString("X-Request-ID header is missing"))
                .body("certificate", nullValue());

        // signed by another organisation's own valid seal
        Issued stranger = mint("PSP_AI", "PSP_PI");
        assertError(signedRequest(stranger.signer(), certificateRequest(orgId, "PSP_PI")), 403, "AccessDenied",
                "signed with a seal of " + orgIdOf(stranger));

        // signed by the organisation's seal: a renewal with more roles
        Response renewal = signedRequest(own.signer(), certificateRequest(orgId, "PSP_AI", "PSP_PI"));
        renewal.then().statusCode(200)
                .body("organizationIdentifier", equalTo(orgId))
                .body("roles", containsInAnyOrder("PSP_AI", "PSP_PI"));
        Issued renewed = issued(renewal);
        assertNotEquals(own.certificate().getSerialNumber(), renewed.certificate().getSerialNumber());
        // and the renewed seal proves the organisation in turn
        signedRequest(renewed.signer(), certificateRequest(orgId, "PSP_AI")).then().statusCode(200)
                .body("organizationIdentifier", equalTo(orgId));
    }

    /** A TPP that registered with its own seal (not minted here) renews through the self-service with it. */
    @Test
    void aRegisteredTppsOwnSealProvesItsOrganisation() {
        String orgId = Api.orgId();
        TestTpp registered = TestPki.shared().tpp(orgId, "Registered TPP", Role.PSP_AI);
        signedRequest(registered.signer(), certificateRequest(orgId, "PSP_AI")).then().statusCode(200)
                .body("organizationIdentifier", equalTo(orgId));
        // an id nobody holds yet is not free for the taking either
        assertError(given().contentType("application/json").body(certificateRequest(Api.orgId(), "PSP_AI"))
                .post(CERTIFICATES), 403, "AccessDenied", "signed by a current, valid seal");
    }

    @Test
    void onlyACurrentValidSealOfTheOrganisationIsProof() {
        String orgId = Api.orgId();
        TestTpp expired = TestPki.shared().tppBuilder().organizationIdentifier(orgId).roles(Role.PSP_AI).expired().build();
        assertError(signedRequest(expired.signer(), certificateRequest(orgId, "PSP_AI")), 403, "AccessDenied", "expired");
        TestTpp untrusted = TestPki.untrusted().tpp(orgId, "Mallory", Role.PSP_AI);
        assertError(signedRequest(untrusted.signer(), certificateRequest(orgId, "PSP_AI")), 403, "AccessDenied",
                "does not chain to a trusted certificate authority");
        TestTpp weak = TestPki.shared().tppBuilder().organizationIdentifier(orgId).rsaBits(1024).roles(Role.PSP_AI).build();
        assertError(signedRequest(weak.signer(), certificateRequest(orgId, "PSP_AI")), 403, "AccessDenied",
                "1024 bits");
        // a body changed after signing: the Digest does not match
        TestTpp own = TestPki.shared().tpp(orgId, "Own TPP", Role.PSP_AI);
        byte[] signedBody = certificateRequest(orgId, "PSP_AI").getBytes(StandardCharsets.UTF_8);
        assertError(given().headers(own.signer().sign("POST", CERTIFICATES, Map.of(), signedBody))
                        .contentType("application/json").body(certificateRequest(orgId, "PSP_AI", "PSP_PI"))
                        .post(CERTIFICATES), 403, "AccessDenied", "Digest");
    }

    /** A served signed request is served once: its answer (a private key) is not kept, its X-Request-ID stays used. */
    @Test
    void aSignedRequestIsServedOnce() {
        String orgId = Api.orgId();
        TestTpp own = TestPki.shared().tpp(orgId, "Own TPP", Role.PSP_AI);
        byte[] body = certificateRequest(orgId, "PSP_AI").getBytes(StandardCharsets.UTF_8);
        Map<String, String> headers = own.signer().sign("POST", CERTIFICATES, Map.of(), body);
        given().headers(headers).contentType("application/json").body(body).post(CERTIFICATES).then().statusCode(200);
        assertError(given().headers(headers).contentType("application/json").body(body).post(CERTIFICATES),
                400, "FormatError", "X-Request-ID " + headers.get("X-Request-ID") + " was used")
                .body("privateKey", nullValue());
    }
}
